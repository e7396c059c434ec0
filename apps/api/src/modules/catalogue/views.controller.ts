import { Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CatalogueIdParams,
  catalogueList,
  CatalogueSaveParams,
  DeleteQuery,
  DownloadableViewsRequest,
  DownloadableViewsView,
  TagChangeRequest,
  ViewListQuery,
  ViewSaveRequest,
  ViewView,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { ViewsService } from './views.service';

/** Views of the account and its downloadable views (spec 7 Data hub "Views"). Another account's view is 404. */
@ApiTags('data-hub: views')
@ApiBearerAuth()
@Controller()
export class ViewsController {
  constructor(private readonly views: ViewsService) {}

  /** The account's views (isDeleted=true: soft-deleted ones), `botId`, `flowId`, `query`, `projection`, `order`, `limit`, `offset`. */
  @Get('views')
  @Returns(catalogueList(ViewView))
  list(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(ViewListQuery) query: ViewListQuery) {
    return this.views.list(principal, query);
  }

  /** The account's views offered for download: `{ viewIds, items }`. */
  @Get('downloadable-views')
  @Returns(DownloadableViewsView)
  downloadable(@CurrentPrincipal() principal: UserPrincipal) {
    return this.views.downloadable(principal);
  }

  /** `{ viewIds }` replaces the list of the account's views offered for download. */
  @Put('downloadable-views')
  @Returns(DownloadableViewsView)
  setDownloadable(@CurrentPrincipal() principal: UserPrincipal, @ZBody(DownloadableViewsRequest) body: DownloadableViewsRequest) {
    return this.views.setDownloadable(principal, body);
  }

  /** A view of the account, or a library view template. */
  @Get('views/:id')
  @Returns(ViewView)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.views.get(principal, params.id);
  }

  /** `views/new` `{ view }` creates a view; `views/{id}` updates one of the account's. */
  @Post('views/:id')
  @HttpCode(200)
  @Returns(ViewView)
  save(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueSaveParams) params: z.infer<typeof CatalogueSaveParams>,
    @ZBody(ViewSaveRequest) body: ViewSaveRequest,
  ) {
    return this.views.save(principal, params.id, body);
  }

  /** `temporarily=true` soft-deletes (PATCH recovers); otherwise the view is deleted for good. */
  @Delete('views/:id')
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZQuery(DeleteQuery) query: DeleteQuery,
  ) {
    await this.views.remove(principal, params.id, query.temporarily);
  }

  /** Recovers a soft-deleted view. */
  @Patch('views/:id')
  @Returns(ViewView)
  recover(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.views.recover(principal, params.id);
  }

  /** `{ add?, remove? }` tag ids: 'No tag IDs to add.', 'No tag IDs to remove.' (400), 'No tags were found.' (404). */
  @Post('views/:id/tags')
  @HttpCode(200)
  @Returns(ViewView)
  changeTags(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZBody(TagChangeRequest) body: TagChangeRequest,
  ) {
    return this.views.changeTags(principal, params.id, body);
  }
}
