import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  BotListQuery,
  BotSaveRequest,
  BotView,
  CatalogueIdParams,
  catalogueList,
  CatalogueSaveParams,
  DeleteQuery,
  PopularQuery,
  TagChangeRequest,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { BotsService } from './bots.service';

/** Spaces (bots) and the library's space templates (spec 7 Data hub "Bots"). Another account's space is 404. */
@ApiTags('data-hub: bots')
@ApiBearerAuth()
@Controller()
export class BotsController {
  constructor(private readonly bots: BotsService) {}

  /**
   * The account's spaces (deleted ones with isDeleted=true), or with library=true the library's space templates
   * (hide-in-library ones left out). `query` searches label and description; `order` e.g. `data.label` or
   * `-createdAt` (the default: New); `projection` picks fields (`id,data.label`); `limit` (50) and `offset` page.
   */
  @Get('bots')
  @Returns(catalogueList(BotView))
  list(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(BotListQuery) query: BotListQuery) {
    return this.bots.list(principal, query);
  }

  /** The library's space templates by real download count, most first; `limit` (8). */
  @Get('bots-popular')
  @Returns(catalogueList(BotView))
  popular(@ZQuery(PopularQuery) query: PopularQuery) {
    return this.bots.popular(query);
  }

  /** A space of the account, or a library space template. */
  @Get('bots/:id')
  @Returns(BotView)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.bots.get(principal, params.id);
  }

  /** `bots/new` creates a space; `bots/{id}` updates one of the account's (data fields given replace stored ones). */
  @Post('bots/:id')
  @HttpCode(200)
  @Returns(BotView)
  save(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueSaveParams) params: z.infer<typeof CatalogueSaveParams>,
    @ZBody(BotSaveRequest) body: BotSaveRequest,
  ) {
    return this.bots.save(principal, params.id, body);
  }

  /** `temporarily=true` soft-deletes (PATCH recovers); otherwise the space and its flows are deleted for good. */
  @Delete('bots/:id')
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZQuery(DeleteQuery) query: DeleteQuery,
  ) {
    await this.bots.remove(principal, params.id, query.temporarily);
  }

  /** Recovers a soft-deleted space. */
  @Patch('bots/:id')
  @Returns(BotView)
  recover(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.bots.recover(principal, params.id);
  }

  /** `{ add: [tagIds] }` and/or `{ remove: [tagIds] }`: 'No tags to add.', 'No tags to remove.' (400), 'No tags were found.' (404). */
  @Post('bots/:id/tags')
  @HttpCode(200)
  @Returns(BotView)
  changeTags(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZBody(TagChangeRequest) body: TagChangeRequest,
  ) {
    return this.bots.changeTags(principal, params.id, body);
  }
}
