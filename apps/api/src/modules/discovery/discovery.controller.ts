import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AccountIdResponse, DiscoveryQuery, DiscoveryResponse, ProvidersAccountIdResponse, SERVICE_PATHS } from '@library/contracts';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { CurrentPrincipal, Public } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { Returns, ZQuery } from '../../common/validation/zod-params';
import { APP_CONFIG, AppConfig } from '../../infra/config/config';
import { AccountEntity } from '../accounts/account.entity';

/** Account whose library the product serves (spec 7 providersAccountId). */
export const PROVIDERS_ACCOUNT_NAME = 'demo';

/** Service discovery (spec 7): where each service of the spec is mounted. */
@ApiTags('discovery')
@Controller('api/v2')
export class DiscoveryController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
  ) {}

  @Public()
  @Get()
  @Returns(DiscoveryResponse)
  discover(@ZQuery(DiscoveryQuery) query: z.infer<typeof DiscoveryQuery>) {
    return { url: `${this.config.PUBLIC_URL}${SERVICE_PATHS[query.serviceName]}` };
  }

  @ApiBearerAuth()
  @Get('accountId')
  @Returns(AccountIdResponse)
  accountId(@CurrentPrincipal() principal: UserPrincipal) {
    return { accountId: principal.accountId };
  }

  @ApiBearerAuth()
  @Get('providersAccountId')
  @Returns(ProvidersAccountIdResponse)
  async providersAccountId() {
    const account = await this.dataSource.getRepository(AccountEntity).findOneBy({ name: PROVIDERS_ACCOUNT_NAME });
    if (!account) throw new DomainError('NOT_FOUND');
    return { providersAccountId: account.id };
  }
}
