import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CopyProgress, ProgressQuery } from '@library/contracts';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZQuery } from '../../common/validation/zod-params';
import { CopiesService } from './copies.service';

/** `GET progress?requestId=` (spec 7 Data hub): a copy's progress 0–100, state, error and result. */
@ApiTags('data-hub: copies')
@ApiBearerAuth()
@Controller()
export class ProgressController {
  constructor(private readonly copies: CopiesService) {}

  /** 404 `Request not found` for another user's request (an ADMIN sees the account's) or one that is not a copy. */
  @Get('progress')
  @Returns(CopyProgress)
  progress(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(ProgressQuery) query: ProgressQuery) {
    return this.copies.progress(principal, query.requestId);
  }
}
