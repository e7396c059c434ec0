import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AdvancedUsersQuery, CreateUserRequest, ListUsersQuery, Page, UpdateUserRequest, User, UserEmail } from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal, Roles } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { AccountUserParams, IdParams } from './params';
import { UsersService } from './users.service';

/** Users of accounts (spec 7 "Accounts and users"): an ADMIN its account's users, SUPER_ADMIN all, a user itself. */
@ApiTags('sdk: users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Roles('SUPER_ADMIN', 'ADMIN')
  @Get('users')
  @Returns(Page(User))
  list(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(ListUsersQuery) query: z.infer<typeof ListUsersQuery>) {
    return this.users.list(principal, query);
  }

  /** As GET /users, with filters; accountId is honoured for SUPER_ADMIN only. */
  @Roles('SUPER_ADMIN', 'ADMIN')
  @Get('users/advanced')
  @Returns(Page(User))
  advanced(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(AdvancedUsersQuery) query: z.infer<typeof AdvancedUsersQuery>) {
    return this.users.list(principal, query);
  }

  @Get('users/:id/email')
  @Returns(UserEmail)
  email(@CurrentPrincipal() principal: UserPrincipal, @ZParams(IdParams) params: z.infer<typeof IdParams>) {
    return this.users.email(principal, params.id);
  }

  @Get('accounts/:id/users/:userId')
  @Returns(User)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AccountUserParams) params: z.infer<typeof AccountUserParams>) {
    return this.users.get(principal, params.id, params.userId);
  }

  @Post('accounts/:id/users')
  @Returns(User, 201)
  create(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(IdParams) params: z.infer<typeof IdParams>,
    @ZBody(CreateUserRequest) body: z.infer<typeof CreateUserRequest>,
  ) {
    return this.users.create(principal, params.id, body);
  }

  @Patch('accounts/:id/users/:userId')
  @Returns(User)
  update(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AccountUserParams) params: z.infer<typeof AccountUserParams>,
    @ZBody(UpdateUserRequest) body: z.infer<typeof UpdateUserRequest>,
  ) {
    return this.users.update(principal, params.id, params.userId, body);
  }

  @Delete('accounts/:id/users/:userId')
  @HttpCode(204)
  async delete(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AccountUserParams) params: z.infer<typeof AccountUserParams>,
  ): Promise<void> {
    await this.users.delete(principal, params.id, params.userId);
  }
}
