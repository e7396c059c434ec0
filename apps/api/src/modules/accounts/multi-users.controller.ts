import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AttachMultiUserRequest, MultiUser, ReachableAccount } from '@library/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AllowMultiUser, CurrentPrincipal, Roles } from '../../common/auth/auth.decorators';
import type { Principal, UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams } from '../../common/validation/zod-params';
import { MultiUsersService } from './multi-users.service';
import { IdParams } from './params';

/** Multi-users as accounts see them (spec 7 "Accounts and users"). */
@ApiTags('sdk: multi-users')
@ApiBearerAuth()
@Controller()
export class MultiUsersController {
  constructor(private readonly multiUsers: MultiUsersService) {}

  /** Multi-users linked to users of the caller's account. */
  @Roles('SUPER_ADMIN', 'ADMIN')
  @Get('account/multi-users')
  @Returns(z.array(MultiUser))
  ofOwnAccount(@CurrentPrincipal() principal: UserPrincipal) {
    return this.multiUsers.ofOwnAccount(principal);
  }

  @Roles('SUPER_ADMIN')
  @Get('multi-users')
  @Returns(z.array(MultiUser))
  all() {
    return this.multiUsers.all();
  }

  /** The accounts the caller's multi-user reaches: with the multi-user token, or a token of one of its users. */
  @AllowMultiUser()
  @Get('multi-users/accounts')
  @Returns(z.array(ReachableAccount))
  reachableAccounts(@CurrentPrincipal() principal: Principal) {
    return this.multiUsers.reachableAccounts(principal);
  }

  @Post('accounts/:id/multi-user/attach-start')
  @HttpCode(200)
  @Returns(MultiUser)
  attach(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(IdParams) params: z.infer<typeof IdParams>,
    @ZBody(AttachMultiUserRequest) body: z.infer<typeof AttachMultiUserRequest>,
    @Req() request: Request,
  ) {
    return this.multiUsers.attach(principal, params.id, body, request.ip ?? 'unknown');
  }
}
