import { Controller, Delete, Get, HttpCode, Param, Post, Put, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ChangeEmailFinishRequest,
  FingerprintTokenQuery,
  IsMultiUserQuery,
  IsMultiUserResponse,
  LinkedUser,
  MultiUserTokenQuery,
  Profile,
  Session,
  SignUploadUrlRequest,
  SignUploadUrlResponse,
  TwoFactorRequest,
  TwoFactorResponse,
  UpdateProfileRequest,
  UserTokenRequest,
} from '@library/contracts';
import type { Response } from 'express';
import { z } from 'zod';
import { AllowMultiUser, CurrentPrincipal, Public } from '../../common/auth/auth.decorators';
import type { Principal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { ObjectStorageService } from '../../infra/storage/object-storage.service';
import { MultiUserService } from './multi-user.service';
import { ProfileService, UPLOADS_ROUTE } from './profile.service';
import { TwoFactorService } from './two-factor.service';

const IdParam = z.object({ id: z.string().uuid() });

/** Multi-user sign-in, the caller's profile, two-factor settings and uploads (spec 7 "Auth and user"). */
@ApiTags('sdk: multi-user and profile')
@ApiBearerAuth()
@AllowMultiUser()
@Controller()
export class MultiUserController {
  constructor(
    private readonly multiUsers: MultiUserService,
    private readonly profiles: ProfileService,
    private readonly twoFactor: TwoFactorService,
    private readonly storage: ObjectStorageService,
  ) {}

  @Get('multi-user/token')
  @Returns(Session)
  multiUserToken(@CurrentPrincipal() principal: Principal, @ZQuery(MultiUserTokenQuery) query: z.infer<typeof MultiUserTokenQuery>) {
    return this.multiUsers.multiUserToken(principal, query.expireLong);
  }

  @Get('multi-user/list-users')
  @Returns(z.array(LinkedUser))
  listUsers(@CurrentPrincipal() principal: Principal) {
    return this.multiUsers.listUsers(principal);
  }

  @Post('multi-user/user-token')
  @HttpCode(200)
  @Returns(Session)
  userToken(@CurrentPrincipal() principal: Principal, @ZBody(UserTokenRequest) body: z.infer<typeof UserTokenRequest>) {
    return this.multiUsers.userToken(principal, body.accountId, body.id, body.expireLong);
  }

  /** Asked by the sign-in page before a password is typed, so it is public. */
  @Public()
  @Get('user/multi-user')
  @Returns(IsMultiUserResponse)
  isMultiUser(@ZQuery(IsMultiUserQuery) query: z.infer<typeof IsMultiUserQuery>) {
    return this.multiUsers.isMultiUser(query.username);
  }

  @Get('multi-user/profile')
  @Returns(Profile)
  profile(@CurrentPrincipal() principal: Principal) {
    return this.profiles.get(principal);
  }

  @Post('multi-user/profile')
  @HttpCode(200)
  @Returns(Profile)
  updateProfile(@CurrentPrincipal() principal: Principal, @ZBody(UpdateProfileRequest) body: z.infer<typeof UpdateProfileRequest>) {
    return this.profiles.update(principal, body);
  }

  @Get('multi-user/profile/:id')
  @Returns(Profile)
  multiUserProfile(@CurrentPrincipal() principal: Principal, @ZParams(IdParam) params: z.infer<typeof IdParam>) {
    return this.profiles.getMultiUser(principal, params.id);
  }

  @Post('multi-user/sign-upload-url')
  @HttpCode(200)
  @Returns(SignUploadUrlResponse)
  signUploadUrl(@CurrentPrincipal() principal: Principal, @ZBody(SignUploadUrlRequest) body: z.infer<typeof SignUploadUrlRequest>) {
    return this.profiles.signUploadUrl(principal, body);
  }

  /** Opened from the confirmation mail, possibly signed out: the token is the proof. */
  @Public()
  @Post('multi-user/change-email-finish')
  @HttpCode(200)
  finishEmailChange(@ZBody(ChangeEmailFinishRequest) body: z.infer<typeof ChangeEmailFinishRequest>) {
    return this.profiles.finishEmailChange(body.token);
  }

  @Put('multi-user/twofactor')
  @Returns(TwoFactorResponse)
  async changeTwoFactor(@CurrentPrincipal() principal: Principal, @ZBody(TwoFactorRequest) body: z.infer<typeof TwoFactorRequest>) {
    return this.twoFactor.change(await this.profiles.subjectOf(principal), body);
  }

  @Delete('multi-user/fingerprint-token')
  @HttpCode(204)
  async forgetDevice(
    @CurrentPrincipal() principal: Principal,
    @ZQuery(FingerprintTokenQuery) query: z.infer<typeof FingerprintTokenQuery>,
  ) {
    const subject = await this.profiles.subjectOf(principal);
    await this.twoFactor.forgetDevices(subject.entity.id, query.fingerPrint);
  }

  /** Uploaded files (avatars) are public, like any image URL a page shows. */
  @Public()
  @Get(`${UPLOADS_ROUTE}/:owner/:id/:name`)
  async download(@Param('owner') owner: string, @Param('id') id: string, @Param('name') name: string, @Res() response: Response) {
    const object = await this.storage.get(`${UPLOADS_ROUTE}/${owner}/${id}/${name}`);
    if (!object) throw new DomainError('NOT_FOUND');
    response.setHeader('Content-Type', object.contentType ?? 'application/octet-stream');
    if (object.cacheControl) response.setHeader('Cache-Control', object.cacheControl);
    object.body.pipe(response);
  }
}
