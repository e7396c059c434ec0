import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { COPY_KINDS, CopyMessages, StepCopyResult } from '@library/contracts';
import { DataSource, EntityManager, type QueryDeepPartialEntity } from 'typeorm';
import { PackageReleaseEntity } from '../registry/package-release.entity';
import { RunHandler, RunJobContext, RunJobHandler } from '../runs/run-handler';
import { copyId, copyOrigin, findLibraryRow, insertRows, StepRow, stepDataOfRelease, stepRowOf } from './copy-rows';
import { FlowEntity } from './flow.entity';
import { StepTemplateEntity } from './step-template.entity';

export interface StepCopyInput extends Record<string, unknown> {
  /** The flow of the run owner's account to copy into. */
  flowId: string;
  /** A library step template … */
  stepId?: string;
  /** … or a registry release (checked visible to the caller when the copy was asked for). */
  externalStep?: { id: string; revisionId: string };
}

/**
 * The `step-copy` run (`PUT step-templates/{flowId}`): a library step template, or a registry STEP/STEP_TEMPLATE
 * release, becomes a custom step template of a flow of the run owner's account and joins the flow's
 * `data.stepTemplates` (the flow's version goes up, so an editor holding the old one gets a 409 rather than
 * dropping it). The template's download count (the package's for a release) goes up with the run's success.
 */
@Injectable()
@RunHandler(COPY_KINDS.step)
export class StepCopyHandler implements RunJobHandler<StepCopyInput, StepCopyResult> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(context: RunJobContext<StepCopyInput>): Promise<StepCopyResult> {
    const { run, input } = context;
    const accountId = run.ownerAccountId!;
    const copiedAt = new Date().toISOString();
    const source = input.externalStep
      ? await this.fromRelease(run.id, accountId, input.externalStep.revisionId, copiedAt)
      : await this.fromLibrary(run.id, accountId, input.stepId!, copiedAt);
    await context.progress(50);
    context.signal.throwIfAborted();

    return context.transaction(async (tx) => {
      const flow = await tx.findOne(FlowEntity, { where: { id: input.flowId, accountId }, lock: { mode: 'pessimistic_write' } });
      if (!flow) throw new Error(CopyMessages.targetGone('flow'));
      const step = { ...source.row, flowId: flow.id };
      await insertRows(tx, StepTemplateEntity, [step]);
      if (!flow.data.stepTemplates.includes(step.id)) {
        const data = { ...flow.data, stepTemplates: [...flow.data.stepTemplates, step.id] };
        await tx.update(FlowEntity, { id: flow.id }, {
          data,
          stepTemplateIds: data.stepTemplates,
          version: flow.version + 1,
        } as QueryDeepPartialEntity<FlowEntity>);
      }
      await source.count(tx);
      return context.complete(tx, { flowId: flow.id, stepTemplateId: step.id });
    });
  }

  private async fromLibrary(requestId: string, accountId: string, stepId: string, copiedAt: string) {
    const template = await findLibraryRow(this.dataSource.manager, StepTemplateEntity, 'step', stepId);
    if (!template) throw new Error(CopyMessages.templateGone('step template'));
    const row: StepRow = {
      ...stepRowOf(template, accountId, copyOrigin(requestId, template.id, template.data.version, copiedAt)),
      id: copyId(requestId, 'step', template.id),
    };
    return {
      row,
      count: (tx: EntityManager) => tx.query(`UPDATE step_template SET download_count = download_count + 1 WHERE id = $1`, [template.id]),
    };
  }

  private async fromRelease(requestId: string, accountId: string, revisionId: string, copiedAt: string) {
    const release = await this.dataSource.getRepository(PackageReleaseEntity).findOne({
      where: { revisionId },
      relations: { releaseData: true, categories: true },
    });
    if (!release) throw new Error(CopyMessages.externalStepNotFound);
    const { label, recommended, ...data } = stepDataOfRelease({
      label: release.label,
      description: release.description,
      version: release.version,
      schemaType: release.schemaType,
      meta: release.meta,
      data: release.releaseData?.data ?? null,
      categories: (release.categories ?? []).map((category) => category.name),
    });
    const row: StepRow = {
      id: copyId(requestId, 'step', release.revisionId),
      accountId,
      flowId: null,
      label,
      recommended,
      data,
      tagIds: [],
      isTemplate: false,
      sandbox: false,
      origin: copyOrigin(requestId, release.id, release.version, copiedAt, release.revisionId),
    };
    return {
      row,
      count: (tx: EntityManager) => tx.query(`UPDATE package SET download_count = download_count + 1 WHERE id = $1`, [release.id]),
    };
  }
}
