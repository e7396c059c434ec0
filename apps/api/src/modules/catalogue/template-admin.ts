import { CardsViewsMessages } from '@library/contracts';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';

/**
 * Changing a library card or view template (`PATCH card-templates|view-templates/{id}`) is for an ADMIN or
 * SUPER_ADMIN of the providers account, which owns the library's templates; anyone else gets a 403.
 */
export function requireTemplateAdmin(principal: UserPrincipal, template: { accountId: string }): void {
  const admin = principal.role === 'ADMIN' || principal.role === 'SUPER_ADMIN';
  if (!admin || principal.accountId !== template.accountId) throw new DomainError('FORBIDDEN', CardsViewsMessages.templatesAdminOnly);
}
