import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdentityModule } from '../identity/identity.module';
import { AccessService } from './access.service';
import { AccountEntity } from './account.entity';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { MultiUserEntity } from './multi-user.entity';
import { MultiUsersController } from './multi-users.controller';
import { MultiUsersService } from './multi-users.service';
import { UserEntity } from './user.entity';
import { UsersController } from './users.controller';
import { UsersService } from './users.service';

/** Accounts, their users and multi-user links (the `sdk` service, spec 7 "Accounts and users"). Exports the access rules for other modules. */
@Module({
  imports: [TypeOrmModule.forFeature([AccountEntity, UserEntity, MultiUserEntity]), IdentityModule],
  controllers: [AccountsController, UsersController, MultiUsersController],
  providers: [AccessService, AccountsService, UsersService, MultiUsersService],
  exports: [AccessService],
})
export class AccountsModule {}
