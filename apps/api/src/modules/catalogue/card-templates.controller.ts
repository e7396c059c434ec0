import { Controller, Get, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CardTemplatePatchRequest,
  CardView,
  CatalogueIdParams,
  catalogueList,
  TemplateListQuery,
  TemplatePopularQuery,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { CardsService } from './cards.service';

/** The library's card templates (spec 7 Data hub "Card templates"): template not null, type null (spec 5). */
@ApiTags('data-hub: card templates')
@ApiBearerAuth()
@Controller()
export class CardTemplatesController {
  constructor(private readonly cards: CardsService) {}

  /** New: by creation date, newest first (`order`); `query`, `category`, `sandbox`, `projection`, `limit` (50), `offset`. */
  @Get('card-templates')
  @Returns(catalogueList(CardView))
  list(@ZQuery(TemplateListQuery) query: TemplateListQuery) {
    return this.cards.listTemplates(query);
  }

  /** Popular: by real download count, most first; `limit` (8). */
  @Get('card-templates-popular')
  @Returns(catalogueList(CardView))
  popular(@ZQuery(TemplatePopularQuery) query: TemplatePopularQuery) {
    return this.cards.popularTemplates(query);
  }

  @Get('card-templates/:id')
  @Returns(CardView)
  get(@ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.cards.getTemplate(params.id);
  }

  /** Template details, data, tags, sandbox of a library card template: ADMIN or SUPER_ADMIN of the providers account. */
  @Patch('card-templates/:id')
  @Returns(CardView)
  patch(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZBody(CardTemplatePatchRequest) body: CardTemplatePatchRequest,
  ) {
    return this.cards.patchTemplate(principal, params.id, body);
  }
}
