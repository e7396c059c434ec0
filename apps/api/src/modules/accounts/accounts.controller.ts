import { Controller, Get, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Account, AccountData, CreateAccountRequest, IdwData, ListAccountsQuery, Page, UpdateAccountRequest } from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal, Roles } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { AccountsService } from './accounts.service';
import { IdParams } from './params';

/** Accounts (spec 7 "Accounts and users"): SUPER_ADMIN manages every account; others read their own. */
@ApiTags('sdk: accounts')
@ApiBearerAuth()
@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @Roles('SUPER_ADMIN')
  @Get('accounts')
  @Returns(Page(Account))
  list(@ZQuery(ListAccountsQuery) query: z.infer<typeof ListAccountsQuery>) {
    return this.accounts.list(query);
  }

  @Roles('SUPER_ADMIN')
  @Post('accounts')
  @Returns(Account, 201)
  create(@ZBody(CreateAccountRequest) body: z.infer<typeof CreateAccountRequest>) {
    return this.accounts.create(body);
  }

  /** The caller's own account. */
  @Get('account')
  @Returns(Account)
  own(@CurrentPrincipal() principal: UserPrincipal) {
    return this.accounts.own(principal);
  }

  @Get('accounts/:id')
  @Returns(Account)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(IdParams) params: z.infer<typeof IdParams>) {
    return this.accounts.get(principal, params.id);
  }

  @Roles('SUPER_ADMIN')
  @Put('accounts/:id')
  @Returns(Account)
  update(@ZParams(IdParams) params: z.infer<typeof IdParams>, @ZBody(UpdateAccountRequest) body: z.infer<typeof UpdateAccountRequest>) {
    return this.accounts.update(params.id, body);
  }

  @Roles('SUPER_ADMIN')
  @Put('accounts/:id/disable')
  @Returns(Account)
  disable(@CurrentPrincipal() principal: UserPrincipal, @ZParams(IdParams) params: z.infer<typeof IdParams>) {
    return this.accounts.setEnabled(principal, params.id, false);
  }

  @Roles('SUPER_ADMIN')
  @Put('accounts/:id/enable')
  @Returns(Account)
  enable(@CurrentPrincipal() principal: UserPrincipal, @ZParams(IdParams) params: z.infer<typeof IdParams>) {
    return this.accounts.setEnabled(principal, params.id, true);
  }

  @Get('accounts/:id/account-data')
  @Returns(AccountData)
  accountData(@CurrentPrincipal() principal: UserPrincipal, @ZParams(IdParams) params: z.infer<typeof IdParams>) {
    return this.accounts.accountData(principal, params.id);
  }

  @Roles('SUPER_ADMIN')
  @Get('accounts/:id/idw-data')
  @Returns(IdwData)
  idwData(@ZParams(IdParams) params: z.infer<typeof IdParams>) {
    return this.accounts.idwData(params.id);
  }

  /** A shallow merge into the stored idw-data. */
  @Roles('SUPER_ADMIN')
  @Patch('accounts/:id/idw-data')
  @Returns(IdwData)
  patchIdwData(@ZParams(IdParams) params: z.infer<typeof IdParams>, @ZBody(IdwData) body: z.infer<typeof IdwData>) {
    return this.accounts.patchIdwData(params.id, body);
  }
}
