import { Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  ViewTemplatePatchRequest,
  ViewView,
  CatalogueIdParams,
  catalogueList,
  TemplateListQuery,
  TemplatePopularQuery,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { ViewsService } from './views.service';

/** The library's view templates (spec 7 Data hub "Card templates"): template not null, type null (spec 5). */
@ApiTags('data-hub: view templates')
@ApiBearerAuth()
@Controller()
export class ViewTemplatesController {
  constructor(private readonly views: ViewsService) {}

  /** New: by creation date, newest first (`order`); `query`, `category`, `sandbox`, `projection`, `limit` (50), `offset`. */
  @Get('view-templates')
  @Returns(catalogueList(ViewView))
  list(@ZQuery(TemplateListQuery) query: TemplateListQuery) {
    return this.views.listTemplates(query);
  }

  /** Popular: by real download count, most first; `limit` (8). */
  @Get('view-templates-popular')
  @Returns(catalogueList(ViewView))
  popular(@ZQuery(TemplatePopularQuery) query: TemplatePopularQuery) {
    return this.views.popularTemplates(query);
  }

  @Get('view-templates/:id')
  @Returns(ViewView)
  get(@ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.views.getTemplate(params.id);
  }

  /** `{ options }` (view options, merged and normalised) of a library view template: ADMIN or SUPER_ADMIN of the providers account. */
  @Patch('view-templates/:id')
  @Returns(ViewView)
  patch(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZBody(ViewTemplatePatchRequest) body: ViewTemplatePatchRequest,
  ) {
    return this.views.patchTemplate(principal, params.id, body);
  }
}
