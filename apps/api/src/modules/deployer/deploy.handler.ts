import { Injectable } from '@nestjs/common';
import { DEPLOY_KIND, DeployCheck, DeployProblem } from '@library/contracts';
import type { EntityManager } from 'typeorm';
import { LIBRARY_PARAMETERS, libraryWhere } from '../catalogue/library';
import { FlowEntity } from '../catalogue/flow.entity';
import { StepTemplateEntity } from '../catalogue/step-template.entity';
import { RunHandler, RunJobContext, RunJobHandler } from '../runs/run-handler';
import { DeploymentEntity } from './deployment.entity';
import { flowProblems, TemplateFacts, templateFacts } from './flow-validation';
import { toDeployCheck } from './views';

export interface DeployInput extends Record<string, unknown> {
  flowId: string;
  flowAlias: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `flow-deploy` run: validates the flow (docs/adr/0013) and records the outcome on the deployment written with
 * the run, in the run's success transaction. A valid flow becomes the live deployment of its alias (the previous
 * live one is marked undeployed); an invalid one is recorded `failed` with errorData, and the run still succeeds:
 * the refusal is the answer, not an error to retry. Idempotent: a retried attempt redoes the same writes.
 */
@Injectable()
@RunHandler(DEPLOY_KIND)
export class DeployHandler implements RunJobHandler<DeployInput, DeployCheck> {
  async handle(context: RunJobContext<DeployInput>): Promise<DeployCheck> {
    const { run } = context;
    return context.transaction(async (tx) => {
      const deployment = await tx.findOne(DeploymentEntity, { where: { runId: run.id }, lock: { mode: 'pessimistic_write' } });
      if (!deployment) throw new Error(`The deployment of request ${run.id} is gone`);
      // Locking the flow serialises deploys of one flow: the live deployment of an alias is replaced one at a time.
      const flow = await tx.findOne(FlowEntity, {
        where: { id: deployment.flowId, accountId: deployment.accountId },
        lock: { mode: 'pessimistic_write' },
      });
      const problems: DeployProblem[] =
        !flow || flow.isDeleted
          ? [{ code: 'flow-gone', message: 'The flow is no longer there' }]
          : flowProblems(flow.data, await this.templates(tx, flow));
      deployment.flowVersion = flow?.version ?? null;
      if (problems.length > 0) {
        deployment.status = 'failed';
        deployment.errorData = problems;
        deployment.deployedAt = null;
      } else {
        await tx
          .createQueryBuilder()
          .update(DeploymentEntity)
          .set({ status: 'undeployed', result: () => `result || jsonb_build_object('replacedBy', :replacedBy::text)` })
          .where(`flow_id = :flowId AND flow_alias = :flowAlias AND status = 'deployed' AND id <> :id`, {
            flowId: deployment.flowId,
            flowAlias: deployment.flowAlias,
            id: deployment.id,
          })
          .setParameter('replacedBy', deployment.id)
          .execute();
        deployment.status = 'deployed';
        deployment.errorData = [];
        deployment.deployedAt = new Date();
        deployment.result = {
          ...deployment.result,
          flowLabel: flow!.data.label,
          stepCount: flow!.data.trees.reduce((count, tree) => count + tree.steps.length, 0),
        };
      }
      await tx.save(DeploymentEntity, deployment);
      return context.complete(tx, toDeployCheck(deployment));
    });
  }

  /** The step templates the flow's steps use that exist: library step templates or the account's own. */
  private async templates(tx: EntityManager, flow: FlowEntity): Promise<Map<string, TemplateFacts>> {
    const ids = [...new Set(flow.data.trees.flatMap((tree) => tree.steps.map((step) => step.stepTemplateId)))].filter(
      (id): id is string => !!id && UUID.test(id),
    );
    if (ids.length === 0) return new Map();
    const rows = await tx
      .createQueryBuilder(StepTemplateEntity, 'step')
      .where('step.id IN (:...ids) AND NOT step.is_deleted', { ids })
      .andWhere(`(step.account_id = :accountId OR ${libraryWhere('step')})`, { accountId: flow.accountId, ...LIBRARY_PARAMETERS })
      .getMany();
    return new Map(rows.map((row) => [row.id, templateFacts(row.data)]));
  }
}
