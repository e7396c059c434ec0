import { Controller, Delete, Get, HttpCode, Post, UseFilters } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { agentPage, AgentTemplateCreateRequest, AgentTemplateListQuery, AgentTemplateView, TemplateIdParams } from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal, Roles } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { AgentsExceptionFilter } from './agents-exception.filter';
import { TemplatesService } from './templates.service';

/** The library's agent templates: read by every signed-in user, added by ADMIN and SUPER_ADMIN, deleted by SUPER_ADMIN. */
@ApiTags('agents: templates')
@ApiBearerAuth()
@UseFilters(AgentsExceptionFilter)
@Controller('templates')
export class TemplatesController {
  constructor(private readonly templates: TemplatesService) {}

  /** Paged with size (100 per page, spec 9) and from (0): a page shorter than size is the last. Sorted by name by default. */
  @Get()
  @Returns(agentPage(AgentTemplateView))
  list(@ZQuery(AgentTemplateListQuery) query: AgentTemplateListQuery) {
    return this.templates.list(query);
  }

  @Get(':id')
  @Returns(AgentTemplateView)
  get(@ZParams(TemplateIdParams) params: z.infer<typeof TemplateIdParams>) {
    return this.templates.get(params.id);
  }

  /** 409 when a template of that name (in any case) exists. */
  @Post()
  @Roles('SUPER_ADMIN', 'ADMIN')
  @Returns(AgentTemplateView, 201)
  create(@CurrentPrincipal() principal: UserPrincipal, @ZBody(AgentTemplateCreateRequest) body: AgentTemplateCreateRequest) {
    return this.templates.create(principal, body);
  }

  @Delete(':id')
  @Roles('SUPER_ADMIN')
  @HttpCode(204)
  async remove(@ZParams(TemplateIdParams) params: z.infer<typeof TemplateIdParams>) {
    await this.templates.remove(params.id);
  }
}
