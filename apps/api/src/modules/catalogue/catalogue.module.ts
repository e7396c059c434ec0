import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BotEntity } from './bot.entity';
import { BotsController } from './bots.controller';
import { BotsService } from './bots.service';
import { FlowEntity } from './flow.entity';
import { FlowsController } from './flows.controller';
import { FlowsService } from './flows.service';
import { StepTemplateEntity } from './step-template.entity';
import { StepTemplatesController } from './step-templates.controller';
import { StepTemplatesService } from './step-templates.service';
import { TagEntity } from './tag.entity';
import { TagsController } from './tags.controller';
import { TagsService } from './tags.service';

/** The `data-hub` service's catalogue (spec 7 Data hub): spaces, flows, tags, step templates and the library's. */
@Module({
  imports: [TypeOrmModule.forFeature([BotEntity, FlowEntity, TagEntity, StepTemplateEntity])],
  controllers: [BotsController, FlowsController, TagsController, StepTemplatesController],
  providers: [BotsService, FlowsService, TagsService, StepTemplatesService],
  exports: [BotsService, FlowsService, TagsService, StepTemplatesService],
})
export class CatalogueModule {}
