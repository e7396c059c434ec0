import { Controller, Get, HttpCode, MessageEvent, Post, Sse } from '@nestjs/common';
import { ApiBearerAuth, ApiProduces, ApiTags } from '@nestjs/swagger';
import { RunIdParams, RunView } from '@library/contracts';
import { Observable } from 'rxjs';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { Principal } from '../../common/auth/principal';
import { Returns, ZParams } from '../../common/validation/zod-params';
import { RunsService } from './runs.service';

/** Runs of every service, at `/api/runs` (not under a service path): the caller's own, 404 for anyone else's. */
@ApiTags('runs')
@ApiBearerAuth()
@Controller('api/runs')
export class RunsController {
  constructor(private readonly runs: RunsService) {}

  @Get(':id')
  @Returns(RunView)
  get(@CurrentPrincipal() principal: Principal, @ZParams(RunIdParams) params: RunIdParams) {
    return this.runs.view(params.id, principal);
  }

  /** Server-sent events: `event: run` with a RunView at each change; the stream ends after a final state. */
  @Sse(':id/events')
  @ApiProduces('text/event-stream')
  events(@CurrentPrincipal() principal: Principal, @ZParams(RunIdParams) params: RunIdParams): Promise<Observable<MessageEvent>> {
    return this.runs.events(params.id, principal);
  }

  @Post(':id/retry')
  @HttpCode(200)
  @Returns(RunView)
  retry(@CurrentPrincipal() principal: Principal, @ZParams(RunIdParams) params: RunIdParams) {
    return this.runs.retry(params.id, principal);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @Returns(RunView)
  cancel(@CurrentPrincipal() principal: Principal, @ZParams(RunIdParams) params: RunIdParams) {
    return this.runs.cancel(params.id, principal);
  }
}
