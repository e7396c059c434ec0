import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  catalogueList,
  CatalogueSaveParams,
  FlowIdParams,
  FlowStepTemplatesQuery,
  PopularIdsView,
  PopularQuery,
  StepTemplateListQuery,
  StepTemplateSaveRequest,
  StepTemplateView,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { StepTemplatesService } from './step-templates.service';

/** Step templates: the library's and the account's custom ones (spec 7 Data hub "Step templates"). */
@ApiTags('data-hub: step templates')
@ApiBearerAuth()
@Controller()
export class StepTemplatesController {
  constructor(private readonly steps: StepTemplatesService) {}

  /** Library and custom step templates; query, categories (comma separated), isCustom, recommended; 20 a page. */
  @Get('step-templates')
  @Returns(catalogueList(StepTemplateView))
  list(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(StepTemplateListQuery) query: StepTemplateListQuery) {
    return this.steps.list(principal, query);
  }

  /** `{ ids }` of the library's step templates by download count; `limit` (8), `sandbox`. */
  @Get('step-templates-popular-ids')
  @Returns(PopularIdsView)
  popularIds(@ZQuery(PopularQuery) query: PopularQuery) {
    return this.steps.popularIds(query);
  }

  /** The step templates of a flow: used by it, or custom to it (isCustom); label, offset, limit (20). */
  @Get('step-templates/:flowId')
  @Returns(catalogueList(StepTemplateView))
  forFlow(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(FlowIdParams) params: z.infer<typeof FlowIdParams>,
    @ZQuery(FlowStepTemplatesQuery) query: FlowStepTemplatesQuery,
  ) {
    return this.steps.forFlow(principal, params.flowId, query);
  }

  /** `step-templates/new` creates a custom step template; `step-templates/{id}` updates one of the account's. */
  @Post('step-templates/:id')
  @HttpCode(200)
  @Returns(StepTemplateView)
  save(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueSaveParams) params: z.infer<typeof CatalogueSaveParams>,
    @ZBody(StepTemplateSaveRequest) body: StepTemplateSaveRequest,
  ) {
    return this.steps.save(principal, params.id, body);
  }
}
