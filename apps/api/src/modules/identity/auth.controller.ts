import { Controller, Delete, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { FingerprintTokenQuery, SignInRequest, SignInResponse, ValidateTokenResponse } from '@library/contracts';
import type { Request } from 'express';
import { z } from 'zod';
import { AllowMultiUser, CurrentPrincipal, Public } from '../../common/auth/auth.decorators';
import type { Principal } from '../../common/auth/principal';
import { Returns, ZBody, ZQuery } from '../../common/validation/zod-params';
import { SessionsService } from './sessions.service';
import { SignInService } from './sign-in.service';
import { TwoFactorService } from './two-factor.service';

@ApiTags('sdk: auth')
@ApiBearerAuth()
@Controller('auth')
export class AuthController {
  constructor(
    private readonly signIns: SignInService,
    private readonly sessions: SessionsService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  @Public()
  @Post('token')
  @HttpCode(200)
  @Returns(SignInResponse)
  signIn(@ZBody(SignInRequest) body: SignInRequest, @Req() request: Request) {
    return this.signIns.signIn(body, request.ip ?? 'unknown');
  }

  @AllowMultiUser()
  @Get('token')
  @Returns(ValidateTokenResponse)
  validate(@CurrentPrincipal() principal: Principal) {
    return { role: principal.role, allow: true };
  }

  /** Sign-out: the token stops working at once. */
  @AllowMultiUser()
  @Delete('token')
  @HttpCode(204)
  async signOut(@CurrentPrincipal() principal: Principal): Promise<void> {
    await this.sessions.revoke(principal.sessionId);
  }

  /** Forgets remembered two-factor devices of the signed-in user (one fingerprint, or all). */
  @Delete('fingerprint-token')
  @HttpCode(204)
  async forgetDevice(
    @CurrentPrincipal() principal: Principal,
    @ZQuery(FingerprintTokenQuery) query: z.infer<typeof FingerprintTokenQuery>,
  ) {
    await this.twoFactor.forgetDevices(principal.userId!, query.fingerPrint);
  }
}
