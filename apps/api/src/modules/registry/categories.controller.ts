import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import {
  CategoryCreateRequest,
  CategoryParams,
  CategoryUpdateRequest,
  CategoryView,
  LibraryCategoriesQuery,
  LibraryCategory,
  PackageTypeParams,
} from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal, Roles } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody, ZParams, ZQuery } from '../../common/validation/zod-params';
import { CategoriesService } from './categories.service';

/**
 * The library's categories with counts (spec 7 `library-categories`), and category management for publishers:
 * any signed-in user lists them, ADMIN and SUPER_ADMIN create and change them.
 */
@ApiTags('library-api: categories')
@ApiBearerAuth()
@Controller('api/v2')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  /** `[{ id, name, ids, count }]`: All categories first, the type's non-empty categories by name, Uncategorized last. */
  @Get('library-categories')
  @Returns(z.array(LibraryCategory))
  libraryCategories(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZQuery(LibraryCategoriesQuery) query: z.infer<typeof LibraryCategoriesQuery>,
  ) {
    return this.categories.libraryCategories(principal, query);
  }

  @Get('categories/:type')
  @Returns(z.array(CategoryView))
  list(@CurrentPrincipal() principal: UserPrincipal, @ZParams(PackageTypeParams) params: z.infer<typeof PackageTypeParams>) {
    return this.categories.list(principal, params.type);
  }

  /** 409 when the type has a category of that name in any case; 400 'Category name cannot be uuid'. */
  @Post('categories/:type')
  @Roles('SUPER_ADMIN', 'ADMIN')
  @HttpCode(201)
  @Returns(CategoryView, 201)
  create(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(PackageTypeParams) params: z.infer<typeof PackageTypeParams>,
    @ZBody(CategoryCreateRequest) body: z.infer<typeof CategoryCreateRequest>,
  ) {
    return this.categories.create(principal, params.type, body);
  }

  @Put('categories/:type/:categoryId')
  @Roles('SUPER_ADMIN', 'ADMIN')
  @Returns(CategoryView)
  update(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZParams(CategoryParams) params: z.infer<typeof CategoryParams>,
    @ZBody(CategoryUpdateRequest) body: z.infer<typeof CategoryUpdateRequest>,
  ) {
    return this.categories.update(principal, params.type, params.categoryId, body);
  }
}
