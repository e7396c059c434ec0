import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MultiUserEntity } from '../accounts/multi-user.entity';
import { UserEntity } from '../accounts/user.entity';
import { AuthController } from './auth.controller';
import { AuthGuard } from './auth.guard';
import { EmailChangeEntity } from './email-change.entity';
import { MultiUserController } from './multi-user.controller';
import { MultiUserService } from './multi-user.service';
import { ProfileService } from './profile.service';
import { SessionEntity } from './session.entity';
import { SessionsService } from './sessions.service';
import { SignInThrottleService } from './sign-in-throttle.service';
import { SignInService } from './sign-in.service';
import { TrustedDeviceEntity } from './trusted-device.entity';
import { TwoFactorService } from './two-factor.service';

/** Sign-in, sessions, two-factor, multi-user and profile (the `sdk` service). Guards every route of the app. */
@Module({
  imports: [TypeOrmModule.forFeature([UserEntity, MultiUserEntity, SessionEntity, TrustedDeviceEntity, EmailChangeEntity])],
  controllers: [AuthController, MultiUserController],
  providers: [
    SessionsService,
    SignInService,
    SignInThrottleService,
    TwoFactorService,
    MultiUserService,
    ProfileService,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [SessionsService, SignInThrottleService],
})
export class IdentityModule {}
