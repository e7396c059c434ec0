import { Controller, Delete, Get, HttpCode, Post, Put, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  AgentActionBody,
  AgentActionParams,
  AgentCreateRequest,
  AgentIdParams,
  AgentListQuery,
  agentPage,
  AgentUpdateRequest,
  AgentView,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { AgentsExceptionFilter } from './agents-exception.filter';
import { AgentsService } from './agents.service';

/** Agents of the caller's account and their actions (spec 7 "Agents service"). Other accounts' agents are 404. */
@ApiTags('agents: agents')
@ApiBearerAuth()
@UseFilters(AgentsExceptionFilter)
@Controller('agents')
export class AgentsController {
  constructor(private readonly agents: AgentsService) {}

  /** Paged with size (100) and from (0); sorted by name unless orderBy says otherwise; `search` in name, description, objective. */
  @Get()
  @Returns(agentPage(AgentView))
  list(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(AgentListQuery) query: AgentListQuery) {
    return this.agents.list(principal, query);
  }

  /** A taken name gets ' copy', then ' copy 2', ' copy 3' … (spec 5); the response carries the name given. */
  @Post()
  @Returns(AgentView, 201)
  create(@CurrentPrincipal() principal: UserPrincipal, @ZBody(AgentCreateRequest) body: AgentCreateRequest) {
    return this.agents.create(principal, body);
  }

  @Get(':id')
  @Returns(AgentView)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AgentIdParams) params: z.infer<typeof AgentIdParams>) {
    return this.agents.get(principal, params.id);
  }

  /** The fields given replace the stored ones; model settings given are merged; a rename to a taken name is 409. */
  @Put(':id')
  @Returns(AgentView)
  update(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AgentIdParams) params: z.infer<typeof AgentIdParams>,
    @ZBody(AgentUpdateRequest) body: AgentUpdateRequest,
  ) {
    return this.agents.update(principal, params.id, body);
  }

  /** Deletes the agent with its executions. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AgentIdParams) params: z.infer<typeof AgentIdParams>) {
    await this.agents.remove(principal, params.id);
  }

  /** Creates the action of that name or replaces it; answers the agent. */
  @Put(':id/actions/:name')
  @Returns(AgentView)
  putAction(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(AgentActionParams) params: z.infer<typeof AgentActionParams>,
    @ZBody(AgentActionBody) body: z.infer<typeof AgentActionBody>,
  ) {
    return this.agents.putAction(principal, params.id, { name: params.name, ...body });
  }

  /** 404 when the agent has no action of that name. */
  @Delete(':id/actions/:name')
  @HttpCode(204)
  async removeAction(@CurrentPrincipal() principal: UserPrincipal, @ZParams(AgentActionParams) params: z.infer<typeof AgentActionParams>) {
    await this.agents.removeAction(principal, params.id, params.name);
  }
}
