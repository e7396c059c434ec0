import { Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CatalogueIdParams, CatalogueSaveParams, DeleteQuery, TagListQuery, TagSaveRequest, TagView } from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { TagsService } from './tags.service';

/** Tags of the caller's account (spec 7 Data hub "Tags"). Another account's tag is 404. */
@ApiTags('data-hub: tags')
@ApiBearerAuth()
@Controller('tags')
export class TagsController {
  constructor(private readonly tags: TagsService) {}

  /** Live tags by label (deleted ones with isDeleted=true); `query` searches labels. */
  @Get()
  @Returns(z.array(TagView))
  list(@CurrentPrincipal() principal: UserPrincipal, @ZQuery(TagListQuery) query: TagListQuery) {
    return this.tags.list(principal, query);
  }

  @Get(':id')
  @Returns(TagView)
  get(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.tags.get(principal, params.id);
  }

  /** `tags/new` creates, `tags/{id}` updates (spec 4). */
  @Post(':id')
  @HttpCode(200)
  @Returns(TagView)
  save(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueSaveParams) params: z.infer<typeof CatalogueSaveParams>,
    @ZBody(TagSaveRequest) body: TagSaveRequest,
  ) {
    return this.tags.save(principal, params.id, body);
  }

  /** `temporarily=true` soft-deletes (PATCH recovers); otherwise the tag is removed for good, and from what carried it. */
  @Delete(':id')
  @HttpCode(204)
  async remove(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>,
    @ZQuery(DeleteQuery) query: DeleteQuery,
  ) {
    await this.tags.remove(principal, params.id, query.temporarily);
  }

  @Patch(':id')
  @Returns(TagView)
  recover(@CurrentPrincipal() principal: UserPrincipal, @ZParams(CatalogueIdParams) params: z.infer<typeof CatalogueIdParams>) {
    return this.tags.recover(principal, params.id);
  }
}
