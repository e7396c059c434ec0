import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CardPutRequest,
  CardSaveRequest,
  CardView,
  CatalogueIdParams,
  catalogueList,
  CatalogueSaveParams,
  DeleteQuery,
  GetCardsRequest,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { CardsService } from './cards.service';

/** Cards of the account (spec 7 Data hub "Cards"). Another account's card is 404; library card templates are readable. */
@ApiTags('data-hub: cards')
@ApiBearerAuth()
@Controller()
export class CardsController {
  constructor(private readonly cards: CardsService) {}

  /**
   * The account's cards: `ids`, `viewId` (held by that view), `filters` (`query`, `type`, `tagIds` any of,
   * `isDeleted`, `sandbox`), `projection` (list of fields), `limit` (50), `offset`; newest first.
   */
  @Post('get-cards')
  @HttpCode(200)
  @Returns(catalogueList(CardView))
  getCards(@CurrentPrincipal() principal: UserPrincipal, @ZBody(GetCardsRequest) body: GetCardsRequest) {
    return this.cards.getCards(principal, body);
  }

  /** A card of the account, or a library card template. */
  @Get('cards/:id')
  @Returns(CardView)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.cards.get(principal, params.id);
  }

  /** `cards/new` `{ card }` creates a card; `cards/{id}` updates one of the account's. */
  @Post('cards/:id')
  @HttpCode(200)
  @Returns(CardView)
  save(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueSaveParams) params: z.infer<typeof CatalogueSaveParams>,
    @ZBody(CardSaveRequest) body: CardSaveRequest,
  ) {
    return this.cards.save(principal, params.id, body);
  }

  /** `temporarily=true` soft-deletes (PATCH recovers); otherwise the card is deleted for good and leaves its views. */
  @Delete('cards/:id')
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZQuery(DeleteQuery) query: DeleteQuery,
  ) {
    await this.cards.remove(principal, params.id, query.temporarily);
  }

  /** Recovers a soft-deleted card. */
  @Patch('cards/:id')
  @Returns(CardView)
  recover(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.cards.recover(principal, params.id);
  }

  /** `{ holderIds }`: exactly those views of the account hold the card; `{ keepTemplateDetails }`: detach from its origin. */
  @Put('cards/:id')
  @Returns(CardView)
  put(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZBody(CardPutRequest) body: CardPutRequest,
  ) {
    return this.cards.put(principal, params.id, body);
  }
}
