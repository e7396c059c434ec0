import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  BotCopyRequest,
  CardCopyRequest,
  CardsViewsMessages,
  CatalogueMessages,
  COPY_ATTEMPTS,
  COPY_KIND_LIST,
  COPY_KINDS,
  CopyKind,
  CopyMessages,
  CopyProgress,
  CopyStarted,
  FlowCopyRequest,
  RunState,
  StepCopyRequest,
  ViewCopyRequest,
} from '@library/contracts';
import { DataSource } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { ReleaseFinder } from '../registry/release-finder.service';
import { RunsService } from '../runs/runs.service';
import { BotsService } from './bots.service';
import { findLibraryRow } from './copy-rows';
import type { FlowCopyInput } from './flow-copy.handler';
import { FlowEntity } from './flow.entity';
import { FlowsService } from './flows.service';
import type { SpaceCopyInput } from './space-copy.handler';
import type { StepCopyInput } from './step-copy.handler';
import { StepTemplateEntity } from './step-template.entity';
import { BotEntity } from './bot.entity';
import type { CardCopyInput } from './card-copy.handler';
import { CardEntity } from './card.entity';
import { libraryTemplateById } from './cards.service';
import type { ViewCopyInput } from './view-copy.handler';
import { ViewEntity } from './view.entity';
import { ViewsService } from './views.service';

/**
 * Starts the copies (docs/adr/0011 "Copies") and answers their progress. Every check a caller can fail is made here,
 * before the run exists: the template must be a library item (hide-in-library ones too: they stay readable by id),
 * the target space or flow the caller's own (404 otherwise). The run id is the request id.
 */
@Injectable()
export class CopiesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runs: RunsService,
    private readonly bots: BotsService,
    private readonly flows: FlowsService,
    private readonly releases: ReleaseFinder,
    private readonly views: ViewsService,
  ) {}

  async copySpace(principal: UserPrincipal, body: BotCopyRequest, idempotencyKey?: string): Promise<CopyStarted> {
    const template = await findLibraryRow(this.dataSource.manager, BotEntity, 'bot', body.botId);
    if (!template) throw new DomainError('NOT_FOUND', CatalogueMessages.botNotFound);
    return this.start<SpaceCopyInput>(principal, COPY_KINDS.space, { templateId: template.id }, idempotencyKey);
  }

  async copyFlow(principal: UserPrincipal, botId: string, body: FlowCopyRequest, idempotencyKey?: string): Promise<CopyStarted> {
    const bot = await this.bots.own(principal, botId);
    const template = await findLibraryRow(this.dataSource.manager, FlowEntity, 'flow', body.flowId);
    if (!template) throw new DomainError('NOT_FOUND', CatalogueMessages.flowNotFound);
    return this.start<FlowCopyInput>(
      principal,
      COPY_KINDS.flow,
      { templateId: template.id, botId: bot.id, shouldUpdateSteps: body.shouldUpdateSteps },
      idempotencyKey,
    );
  }

  async copyStep(principal: UserPrincipal, flowId: string, body: StepCopyRequest, idempotencyKey?: string): Promise<CopyStarted> {
    const flow = await this.flows.own(principal, flowId);
    if (body.externalStep) {
      const { id, version, type } = body.externalStep;
      const release = await this.releases.findVisible(principal, type, id, { version });
      return this.start<StepCopyInput>(
        principal,
        COPY_KINDS.step,
        { flowId: flow.id, externalStep: { id: release.id, revisionId: release.revisionId } },
        idempotencyKey,
      );
    }
    const template = await findLibraryRow(this.dataSource.manager, StepTemplateEntity, 'step', body.stepId!);
    if (!template) throw new DomainError('NOT_FOUND', CatalogueMessages.stepTemplateNotFound);
    return this.start<StepCopyInput>(principal, COPY_KINDS.step, { flowId: flow.id, stepId: template.id }, idempotencyKey);
  }

  /** A library card template (template details, no type) → a card of the account, held by `viewId` (the caller's). */
  async copyCard(principal: UserPrincipal, body: CardCopyRequest, idempotencyKey?: string): Promise<CopyStarted> {
    const view = body.viewId ? await this.views.own(principal, body.viewId) : null;
    const template = await libraryTemplateById(this.dataSource.manager.createQueryBuilder(CardEntity, 'card'), body.cardId).getOne();
    if (!template) throw new DomainError('NOT_FOUND', CardsViewsMessages.cardTemplateNotFound);
    return this.start<CardCopyInput>(
      principal,
      COPY_KINDS.card,
      { templateId: template.id, viewId: view?.id ?? null, sandbox: body.sandbox ?? null },
      idempotencyKey,
    );
  }

  /** A library view template → a view of the account with copies of its cards, `options` over the template's. */
  async copyView(principal: UserPrincipal, body: ViewCopyRequest, idempotencyKey?: string): Promise<CopyStarted> {
    const template = await libraryTemplateById(this.dataSource.manager.createQueryBuilder(ViewEntity, 'view'), body.viewId).getOne();
    if (!template) throw new DomainError('NOT_FOUND', CardsViewsMessages.viewTemplateNotFound);
    return this.start<ViewCopyInput>(
      principal,
      COPY_KINDS.view,
      { templateId: template.id, options: body.options ?? null, sandbox: body.sandbox ?? null },
      idempotencyKey,
    );
  }

  /** A copy's progress; 404 for a request of someone else (as the runs API decides) or one that is not a copy. */
  async progress(principal: UserPrincipal, requestId: string): Promise<CopyProgress> {
    const run = await this.runs.get(requestId, principal).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'NOT_FOUND' ? new DomainError('NOT_FOUND', CopyMessages.requestNotFound) : error;
    });
    if (!(COPY_KIND_LIST as readonly string[]).includes(run.kind)) throw new DomainError('NOT_FOUND', CopyMessages.requestNotFound);
    return {
      requestId: run.id,
      kind: run.kind,
      progress: run.progress,
      state: run.state as RunState,
      error: run.error,
      result: run.state === 'succeeded' ? (run.output as CopyProgress['result']) : null,
    };
  }

  private async start<I extends Record<string, unknown>>(
    principal: UserPrincipal,
    kind: CopyKind,
    input: I,
    idempotencyKey?: string,
  ): Promise<CopyStarted> {
    const run = await this.runs.start(
      kind,
      input,
      { accountId: principal.accountId, userId: principal.userId },
      { idempotencyKey, maxAttempts: COPY_ATTEMPTS },
    );
    return { requestId: run.id };
  }
}
