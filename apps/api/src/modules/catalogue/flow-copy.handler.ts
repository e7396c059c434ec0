import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { COPY_KINDS, CopyMessages, FlowCopyResult } from '@library/contracts';
import { DataSource, type QueryDeepPartialEntity } from 'typeorm';
import { RunHandler, RunJobContext, RunJobHandler } from '../runs/run-handler';
import { BotEntity } from './bot.entity';
import { customStepsOf, findLibraryRow, insertRows, planFlowCopy } from './copy-rows';
import { FlowEntity } from './flow.entity';
import { StepTemplateEntity } from './step-template.entity';

export interface FlowCopyInput extends Record<string, unknown> {
  /** The library flow template. */
  templateId: string;
  /** The space of the run owner's account to copy into. */
  botId: string;
  /** Bring an existing copy of the template in that space up to date instead of adding another. */
  shouldUpdateSteps: boolean;
}

/**
 * The `flow-copy` run (`PUT flows/{botId}`): a library flow template into a space of the run owner's account, with
 * copies of the template's own custom step templates (references moved to them; library steps stay referenced).
 * With shouldUpdateSteps, the space's newest live copy of the same template is overwritten from the template
 * (version + 1, its custom step copies updated in place) instead. Everything commits with the run's success.
 */
@Injectable()
@RunHandler(COPY_KINDS.flow)
export class FlowCopyHandler implements RunJobHandler<FlowCopyInput, FlowCopyResult> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(context: RunJobContext<FlowCopyInput>): Promise<FlowCopyResult> {
    const { run, input } = context;
    const accountId = run.ownerAccountId!;
    const template = await findLibraryRow(this.dataSource.manager, FlowEntity, 'flow', input.templateId);
    if (!template) throw new Error(CopyMessages.templateGone('flow'));
    const customSteps = (await customStepsOf(this.dataSource.manager, [template])).get(template.id)!;
    await context.progress(30);
    context.signal.throwIfAborted();

    return context.transaction(async (tx) => {
      const bot = await tx.findOne(BotEntity, { where: { id: input.botId, accountId }, lock: { mode: 'pessimistic_write' } });
      if (!bot) throw new Error(CopyMessages.targetGone('space'));
      const existing = input.shouldUpdateSteps
        ? await tx
            .createQueryBuilder(FlowEntity, 'flow')
            .setLock('pessimistic_write')
            .where(
              `flow.bot_id = :botId AND flow.account_id = :accountId AND NOT flow.is_deleted AND flow.origin->>'templateId' = :templateId`,
              {
                botId: bot.id,
                accountId,
                templateId: template.id,
              },
            )
            .orderBy('flow.created_at', 'DESC')
            .addOrderBy('flow.id', 'DESC')
            .getOne()
        : null;
      const existingSteps = new Map<string, string>();
      if (existing) {
        const copies = await tx
          .createQueryBuilder(StepTemplateEntity, 'step')
          .where(`step.flow_id = :flowId AND step.account_id = :accountId AND NOT step.is_deleted`, { flowId: existing.id, accountId })
          .getMany();
        for (const copy of copies) if (copy.origin) existingSteps.set(copy.origin.templateId, copy.id);
      }
      const plan = planFlowCopy({
        requestId: run.id,
        template,
        customSteps,
        accountId,
        botId: bot.id,
        copiedAt: new Date().toISOString(),
        existing: existing ? { id: existing.id, version: existing.version } : undefined,
        existingSteps,
      });
      if (existing) {
        const { id, accountId: _account, botId: _bot, tagIds: _tags, ...changes } = plan.flow;
        await tx.update(FlowEntity, { id }, changes as QueryDeepPartialEntity<FlowEntity>);
        for (const step of plan.steps) {
          if ([...existingSteps.values()].includes(step.id)) {
            const { id: stepId, accountId: _owner, flowId: _flow, tagIds: _stepTags, ...stepChanges } = step;
            await tx.update(StepTemplateEntity, { id: stepId }, stepChanges as QueryDeepPartialEntity<StepTemplateEntity>);
          } else await insertRows(tx, StepTemplateEntity, [step]);
        }
      } else {
        await insertRows(tx, FlowEntity, [plan.flow]);
        await insertRows(tx, StepTemplateEntity, plan.steps);
      }
      await context.progress(90);
      await tx.query(`UPDATE flow SET download_count = download_count + 1 WHERE id = $1`, [template.id]);
      return context.complete(tx, {
        botId: bot.id,
        flowId: plan.flow.id,
        stepTemplateIds: plan.steps.map((step) => step.id),
        updated: !!existing,
      });
    });
  }
}
