import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentExecutionEntity } from './agent-execution.entity';
import { AgentTemplateEntity } from './agent-template.entity';
import { AgentEntity } from './agent.entity';
import { AgentsController } from './agents.controller';
import { AgentsService } from './agents.service';
import { ExecutionsController } from './executions.controller';
import { ExecutionsService } from './executions.service';
import { PageFetcher } from './page-fetcher.service';
import { TemplatesController } from './templates.controller';
import { TemplatesService } from './templates.service';
import { WebSearchController } from './web-search.controller';
import { WebSearchService } from './web-search.service';

/** The `agents` service (spec 7): agents with actions and executions, agent templates, web pages as passages. */
@Module({
  imports: [TypeOrmModule.forFeature([AgentEntity, AgentExecutionEntity, AgentTemplateEntity])],
  controllers: [AgentsController, ExecutionsController, TemplatesController, WebSearchController],
  providers: [AgentsService, ExecutionsService, TemplatesService, PageFetcher, WebSearchService],
  exports: [AgentsService, TemplatesService],
})
export class AgentsModule {}
