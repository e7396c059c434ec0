import { Controller, Get, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AgentInstallQuery, AgentInstallRequest, AgentInstallStarted, AgentInstallStatus } from '@library/contracts';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZQuery } from '../../common/validation/zod-params';
import { AgentsExceptionFilter } from '../agents/agents-exception.filter';
import { InstallerService } from './installer.service';

/**
 * The installer gateway (spec 4 "Agent install", 7): POST starts the install of an agent template onto an agent of
 * the caller's account and answers 202 `{ requestId, agentId, status, message }`; GET with the same ids is polled
 * (every 5000 ms, spec 9) for `processing`, `installed` or `error`. Ids not of the caller's account are 404.
 */
@ApiTags('agent-installer')
@ApiBearerAuth()
@UseFilters(AgentsExceptionFilter)
@Controller()
export class InstallerController {
  constructor(private readonly installer: InstallerService) {}

  @Post()
  @HttpCode(202)
  @Returns(AgentInstallStarted, 202)
  install(@CurrentPrincipal() principal: UserPrincipal, @ZBody(AgentInstallRequest) body: AgentInstallRequest) {
    return this.installer.install(principal, body);
  }

  @Get()
  @Returns(AgentInstallStatus)
  status(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(AgentInstallQuery) query: AgentInstallQuery) {
    return this.installer.status(principal, query);
  }
}
