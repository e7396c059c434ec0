import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { COPY_KINDS, CopyMessages, SpaceCopyResult } from '@library/contracts';
import { DataSource } from 'typeorm';
import { RunHandler, RunJobContext, RunJobHandler } from '../runs/run-handler';
import { BotEntity } from './bot.entity';
import { copyId, copyOrigin, customStepsOf, findLibraryRow, FlowCopyPlan, insertRows, planFlowCopy } from './copy-rows';
import { FlowEntity } from './flow.entity';
import { StepTemplateEntity } from './step-template.entity';

export interface SpaceCopyInput extends Record<string, unknown> {
  /** The library space template. */
  templateId: string;
}

/**
 * The `space-copy` run (`PUT bots`): a library space template → a new space of the run owner's account with copies
 * of its live flows (and of their own custom step templates, references moved to the copies). Progress goes up per
 * flow prepared; the space, flows, steps, the template's download count and the run's success then commit in one
 * transaction. Ids are derived from the run id, so no attempt can add a second copy.
 */
@Injectable()
@RunHandler(COPY_KINDS.space)
export class SpaceCopyHandler implements RunJobHandler<SpaceCopyInput, SpaceCopyResult> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(context: RunJobContext<SpaceCopyInput>): Promise<SpaceCopyResult> {
    const { run, input } = context;
    const accountId = run.ownerAccountId!;
    const manager = this.dataSource.manager;
    const template = await findLibraryRow(manager, BotEntity, 'bot', input.templateId);
    if (!template) throw new Error(CopyMessages.templateGone('space'));
    const flows = await manager
      .createQueryBuilder(FlowEntity, 'flow')
      .where('flow.bot_id = :botId AND flow.account_id = :accountId AND NOT flow.is_deleted', {
        botId: template.id,
        accountId: template.accountId,
      })
      .orderBy('flow.created_at', 'ASC')
      .addOrderBy('flow.id', 'ASC')
      .getMany();
    const customSteps = await customStepsOf(manager, flows);
    await context.progress(5);

    const copiedAt = new Date().toISOString();
    const botId = copyId(run.id, 'bot', template.id);
    const plans: FlowCopyPlan[] = [];
    for (const [index, flow] of flows.entries()) {
      plans.push(planFlowCopy({ requestId: run.id, template: flow, customSteps: customSteps.get(flow.id)!, accountId, botId, copiedAt }));
      await context.progress(5 + ((index + 1) / flows.length) * 85);
      context.signal.throwIfAborted();
    }

    return context.transaction(async (tx) => {
      await insertRows(tx, BotEntity, [
        {
          id: botId,
          accountId,
          data: structuredClone(template.data),
          tagIds: [],
          isTemplate: false,
          sandbox: template.sandbox,
          origin: copyOrigin(run.id, template.id, null, copiedAt),
        },
      ]);
      for (const plan of plans) {
        await insertRows(tx, FlowEntity, [plan.flow]);
        await insertRows(tx, StepTemplateEntity, plan.steps);
      }
      // Last, and locking the template's row: one more download per completed copy, committed with the copy.
      await tx.query(`UPDATE bot SET download_count = download_count + 1 WHERE id = $1`, [template.id]);
      return context.complete(tx, {
        botId,
        flowIds: plans.map((plan) => plan.flow.id),
        stepTemplateIds: plans.flatMap((plan) => plan.steps.map((step) => step.id)),
      });
    });
  }
}
