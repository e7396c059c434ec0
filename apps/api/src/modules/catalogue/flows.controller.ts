import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ByStepTemplateQuery,
  CatalogueIdParams,
  catalogueList,
  CatalogueSaveParams,
  DataOutsQuery,
  DataOutView,
  DeleteQuery,
  FlowListQuery,
  FlowSaveRequest,
  FlowView,
  PopularQuery,
  StepTemplateView,
  TagChangeRequest,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { FlowsService } from './flows.service';

/** Flows and the library's flow templates (spec 7 Data hub "Flows"). Another account's flow is 404. */
@ApiTags('data-hub: flows')
@ApiBearerAuth()
@Controller()
export class FlowsController {
  constructor(private readonly flows: FlowsService) {}

  /**
   * The account's flows (of one space with botId; deleted ones with isDeleted=true), or with library=true the
   * library's flow templates, with starters=true its starter flows. Same query, order, projection and paging as bots.
   */
  @Get('flows')
  @Returns(catalogueList(FlowView))
  list(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(FlowListQuery) query: FlowListQuery) {
    return this.flows.list(principal, query);
  }

  @Get('flows-popular')
  @Returns(catalogueList(FlowView))
  popular(@ZQuery(PopularQuery) query: PopularQuery) {
    return this.flows.popular(query);
  }

  /** The data-out steps of the account's flows: steps whose template has formBuilder.hasDataOut. */
  @Get('flows/data-outs')
  @Returns(z.array(DataOutView))
  dataOuts(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(DataOutsQuery) query: DataOutsQuery) {
    return this.flows.dataOuts(principal, query);
  }

  /** The account's live flows using any of the step templates `ids` (comma separated). */
  @Get('flows/by-step-template')
  @Returns(z.array(FlowView))
  byStepTemplate(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(ByStepTemplateQuery) query: ByStepTemplateQuery) {
    return this.flows.byStepTemplate(principal, query, false);
  }

  /** The library's flow templates using any of the step templates `ids`. */
  @Get('flows/by-step-template-global')
  @Returns(z.array(FlowView))
  byStepTemplateGlobal(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(ByStepTemplateQuery) query: ByStepTemplateQuery) {
    return this.flows.byStepTemplate(principal, query, true);
  }

  @Get('flows/:id')
  @Returns(FlowView)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.flows.get(principal, params.id);
  }

  /** The step templates the flow uses. */
  @Get('flows/:id/step-templates')
  @Returns(z.array(StepTemplateView))
  stepTemplates(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.flows.stepTemplates(principal, params.id);
  }

  /** `flows/new` `{ flow: { botId, data … } }` creates; `flows/{id}` `{ flow, previousVersion }` saves, 409 when stale. */
  @Post('flows/:id')
  @HttpCode(200)
  @Returns(FlowView)
  save(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueSaveParams) params: z.infer<typeof CatalogueSaveParams>,
    @ZBody(FlowSaveRequest) body: FlowSaveRequest,
  ) {
    return this.flows.save(principal, params.id, body);
  }

  /** `temporarily=true` soft-deletes (PATCH recovers); otherwise deleted for good. */
  @Delete('flows/:id')
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZQuery(DeleteQuery) query: DeleteQuery,
  ) {
    await this.flows.remove(principal, params.id, query.temporarily);
  }

  @Patch('flows/:id')
  @Returns(FlowView)
  recover(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.flows.recover(principal, params.id);
  }

  /** As `bots/{id}/tags`. */
  @Post('flows/:id/tags')
  @HttpCode(200)
  @Returns(FlowView)
  changeTags(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZBody(TagChangeRequest) body: TagChangeRequest,
  ) {
    return this.flows.changeTags(principal, params.id, body);
  }
}
