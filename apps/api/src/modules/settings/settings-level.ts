import type { Role, SettingsLevel } from '@library/contracts';
import { DomainError } from '../../common/errors/domain-error';

/** Spec 6: SUPER_ADMIN and ADMIN use account-level settings, USER and GUEST user-level ones; any other role is 'Role is not valid'. */
export function settingsLevelOf(role: Role): SettingsLevel {
  switch (role) {
    case 'SUPER_ADMIN':
    case 'ADMIN':
      return 'ACCOUNT';
    case 'USER':
    case 'GUEST':
      return 'USER';
    default:
      throw new DomainError('ROLE_NOT_VALID');
  }
}
