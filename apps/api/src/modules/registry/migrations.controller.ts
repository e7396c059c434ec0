import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { RegistryMigrationView, StartRegistryMigrationRequest } from '@library/contracts';
import { z } from 'zod';
import { CurrentPrincipal, Roles } from '../../common/auth/auth.decorators';
import type { UserPrincipal } from '../../common/auth/principal';
import { Returns, ZBody } from '../../common/validation/zod-params';
import { MigrationsService } from './migrations.service';

/** Registry data migrations, for SUPER_ADMIN: start one (it runs as a run) and list them with status, error and pid. */
@ApiTags('library-api: migrations')
@ApiBearerAuth()
@Roles('SUPER_ADMIN')
@Controller('api/v2/migrations')
export class MigrationsController {
  constructor(private readonly migrations: MigrationsService) {}

  @Post()
  @HttpCode(202)
  @Returns(RegistryMigrationView, 202)
  start(
    @CurrentPrincipal() principal: UserPrincipal,
    @ZBody(StartRegistryMigrationRequest) body: z.infer<typeof StartRegistryMigrationRequest>,
  ) {
    return this.migrations.start(principal, body.name);
  }

  @Get()
  @Returns(z.array(RegistryMigrationView))
  list() {
    return this.migrations.list();
  }
}
