import { Controller, Delete, Get, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AgentIdParams,
  agentPage,
  ExecutionCreateRequest,
  ExecutionListQuery,
  ExecutionParams,
  ExecutionRunRequest,
  ExecutionView,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { AgentsExceptionFilter } from './agents-exception.filter';
import { ExecutionsService } from './executions.service';

type AgentId = z.infer<typeof AgentIdParams>;
type ExecutionId = z.infer<typeof ExecutionParams>;

/** Executions of an agent of the caller's account: created queued, run (no model call), listed, read, deleted. */
@ApiTags('agents: executions')
@ApiBearerAuth()
@UseFilters(AgentsExceptionFilter)
@Controller('agents/:id/executions')
export class ExecutionsController {
  constructor(private readonly executions: ExecutionsService) {}

  /** Newest first, paged with size (100) and from (0), optionally one status. */
  @Get()
  @Returns(agentPage(ExecutionView))
  list(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AgentIdParams) params: AgentId,
    @ZQuery(ExecutionListQuery) query: z.infer<typeof ExecutionListQuery>,
  ) {
    return this.executions.list(principal, params.id, query);
  }

  /** A queued execution with its input. */
  @Post()
  @Returns(ExecutionView, 201)
  create(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AgentIdParams) params: AgentId,
    @ZBody(ExecutionCreateRequest) body: z.infer<typeof ExecutionCreateRequest>,
  ) {
    return this.executions.create(principal, params.id, body.input);
  }

  @Get(':execId')
  @Returns(ExecutionView)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(ExecutionParams) params: ExecutionId) {
    return this.executions.get(principal, params.id, params.execId);
  }

  @Delete(':execId')
  @HttpCode(204)
  async remove(@CurrentPrincipal() principal: UserPrincipal, @ZParams(ExecutionParams) params: ExecutionId) {
    await this.executions.remove(principal, params.id, params.execId);
  }

  /** Runs it (with a new input when given): succeeded with its output, or failed with its error; both answer 200. */
  @Post(':execId/run')
  @HttpCode(200)
  @Returns(ExecutionView)
  run(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(ExecutionParams) params: ExecutionId,
    @ZBody(ExecutionRunRequest) body: z.infer<typeof ExecutionRunRequest>,
  ) {
    return this.executions.run(principal, params.id, params.execId, body.input);
  }
}
