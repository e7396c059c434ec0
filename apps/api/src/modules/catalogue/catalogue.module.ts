import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BotEntity } from './bot.entity';
import { BotsController } from './bots.controller';
import { BotsService } from './bots.service';
import { CopiesController } from './copies.controller';
import { CopiesService } from './copies.service';
import { COPY_KIND_LIST } from '@library/contracts';
import { RegistryModule } from '../registry/registry.module';
import { RunsModule } from '../runs/runs.module';
import { FlowCopyHandler } from './flow-copy.handler';
import { ProgressController } from './progress.controller';
import { SpaceCopyHandler } from './space-copy.handler';
import { StepCopyHandler } from './step-copy.handler';
import { CardCopyHandler } from './card-copy.handler';
import { ViewCopyHandler } from './view-copy.handler';
import { FlowEntity } from './flow.entity';
import { FlowsController } from './flows.controller';
import { FlowsService } from './flows.service';
import { StepTemplateEntity } from './step-template.entity';
import { StepTemplatesController } from './step-templates.controller';
import { StepTemplatesService } from './step-templates.service';
import { TagEntity } from './tag.entity';
import { TagsController } from './tags.controller';
import { TagsService } from './tags.service';
import { CardEntity } from './card.entity';
import { CardTemplatesController } from './card-templates.controller';
import { CardsController } from './cards.controller';
import { CardsService } from './cards.service';
import { ViewEntity } from './view.entity';
import { ViewTemplatesController } from './view-templates.controller';
import { ViewsController } from './views.controller';
import { ViewsService } from './views.service';

/** The `data-hub` service's catalogue (spec 7 Data hub): spaces, flows, tags, step templates and the library's. */
@Module({
  imports: [
    TypeOrmModule.forFeature([BotEntity, FlowEntity, TagEntity, StepTemplateEntity, CardEntity, ViewEntity]),
    RegistryModule,
    RunsModule.forFeature(COPY_KIND_LIST),
  ],
  controllers: [
    BotsController,
    FlowsController,
    TagsController,
    StepTemplatesController,
    CopiesController,
    ProgressController,
    CardsController,
    CardTemplatesController,
    ViewsController,
    ViewTemplatesController,
  ],
  providers: [
    BotsService,
    FlowsService,
    TagsService,
    StepTemplatesService,
    CopiesService,
    SpaceCopyHandler,
    FlowCopyHandler,
    StepCopyHandler,
    CardCopyHandler,
    ViewCopyHandler,
    CardsService,
    ViewsService,
  ],
  exports: [BotsService, FlowsService, TagsService, StepTemplatesService, CardsService, ViewsService],
})
export class CatalogueModule {}
