import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_FLOW_ALIAS,
  DEPLOY_ATTEMPTS,
  DEPLOY_KIND,
  DeployCheck,
  DeployerMessages,
  DeployRequest,
  DeployStarted,
  UndeployRequest,
  UndeployResult,
} from '@library/contracts';
import { DataSource } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { FlowEntity } from '../catalogue/flow.entity';
import { RunsService } from '../runs/runs.service';
import type { DeployInput } from './deploy.handler';
import { DeploymentEntity } from './deployment.entity';
import { toDeployCheck } from './views';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deploys, checks and undeploys flows of an account (spec 4 "Flow deploy", 7 "Deployer"; docs/adr/0013). The
 * account is the caller's, or for `/accounts/{accountId}/…` the one named, which must be the caller's unless the
 * caller is SUPER_ADMIN; any other account, flow or request is 404, so ids don't leak.
 */
@Injectable()
export class DeployerService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runs: RunsService,
  ) {}

  /** The account a call acts on: the caller's, or the one in the path (SUPER_ADMIN for another account). */
  accountOf(principal: UserPrincipal, accountId?: string): string {
    if (accountId === undefined || accountId === principal.accountId) return principal.accountId;
    if (principal.role === 'SUPER_ADMIN' && UUID.test(accountId)) return accountId.toLowerCase();
    throw new DomainError('NOT_FOUND');
  }

  /** Writes the pending deployment and starts its run in one transaction; the run's id is the request id. */
  async deploy(principal: UserPrincipal, accountId: string, body: DeployRequest): Promise<DeployStarted> {
    const flow = await this.flowOf(accountId, body.flowId);
    const flowAlias = body.flowAlias ?? DEFAULT_FLOW_ALIAS;
    return this.dataSource.transaction(async (manager) => {
      const run = await this.runs.start<DeployInput>(
        DEPLOY_KIND,
        { flowId: flow.id, flowAlias },
        { accountId, userId: principal.userId },
        { manager, maxAttempts: DEPLOY_ATTEMPTS },
      );
      await manager.insert(DeploymentEntity, {
        accountId,
        flowId: flow.id,
        flowAlias,
        interactiveDebug: body.interactiveDebug ?? false,
        role: body.role ?? null,
        runId: run.id,
        status: 'pending',
      });
      return { requestId: run.id, flowId: flow.id };
    });
  }

  /**
   * `pending` until the run is done, then the deployment's result (errorData when refused). A run that failed for
   * good (its attempts used up) answers `failed` with its error as errorData.
   */
  async check(principal: UserPrincipal, accountId: string, flowId: string, requestId: string): Promise<DeployCheck> {
    const notFound = new DomainError('NOT_FOUND', DeployerMessages.requestNotFound);
    if (!UUID.test(requestId) || !UUID.test(flowId)) throw notFound;
    const run = await this.runs.get(requestId.toLowerCase(), principal).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'NOT_FOUND' ? notFound : error;
    });
    if (run.kind !== DEPLOY_KIND) throw notFound;
    const deployment = await this.dataSource.getRepository(DeploymentEntity).findOneBy({ runId: run.id });
    if (!deployment || deployment.accountId !== accountId || deployment.flowId !== flowId.toLowerCase()) throw notFound;
    if (deployment.status === 'pending' && (run.state === 'failed' || run.state === 'cancelled')) {
      return {
        status: 'failed',
        requestId: run.id,
        deploymentId: deployment.id,
        flowId: deployment.flowId,
        flowAlias: deployment.flowAlias,
        errorData: [{ code: 'run-failed', message: run.error ?? `The deploy was ${run.state}` }],
      };
    }
    return toDeployCheck(deployment);
  }

  /** Marks the live deployments of the flow undeployed: of one alias, or all; of one role when given. */
  async undeploy(principal: UserPrincipal, accountId: string, request: UndeployRequest): Promise<UndeployResult> {
    const flow = await this.flowOf(accountId, request.flowId ?? request.id, true);
    const deleteLambda = request.deleteLambda ?? false;
    const builder = this.dataSource
      .createQueryBuilder()
      .update(DeploymentEntity)
      .set({
        status: 'undeployed',
        result: () => `result || jsonb_build_object('undeployedBy', :userId::text, 'deleteLambda', :deleteLambda::boolean)`,
      })
      .where(`account_id = :accountId AND flow_id = :flowId AND status = 'deployed'`, { accountId, flowId: flow.id })
      .setParameters({ userId: principal.userId, deleteLambda });
    if (request.flowAlias) builder.andWhere('flow_alias = :flowAlias', { flowAlias: request.flowAlias });
    if (request.role) builder.andWhere('role = :role', { role: request.role });
    const result = await builder.returning('id').execute();
    const deploymentIds = (result.raw as Array<{ id: string }>).map((row) => row.id);
    return {
      flowId: flow.id,
      flowAlias: request.flowAlias,
      role: request.role,
      deleteLambda,
      undeployed: deploymentIds.length,
      deploymentIds,
    };
  }

  /** `DELETE role`: undeploys every live deployment made for the role in the caller's account. */
  async removeRole(principal: UserPrincipal, role: string | undefined): Promise<UndeployResult> {
    if (!role) throw new DomainError('BAD_REQUEST', DeployerMessages.roleRequired);
    const result = await this.dataSource
      .createQueryBuilder()
      .update(DeploymentEntity)
      .set({ status: 'undeployed', result: () => `result || jsonb_build_object('undeployedBy', :userId::text)` })
      .where(`account_id = :accountId AND role = :role AND status = 'deployed'`, { accountId: principal.accountId, role })
      .setParameters({ userId: principal.userId })
      .returning('id')
      .execute();
    const deploymentIds = (result.raw as Array<{ id: string }>).map((row) => row.id);
    return { role, deleteLambda: false, undeployed: deploymentIds.length, deploymentIds };
  }

  /** The account's flow: 'Id is required' without an id (spec 5), 404 when it is not the account's. */
  private async flowOf(accountId: string, flowId: string | undefined, includeDeleted = false): Promise<FlowEntity> {
    if (!flowId) throw new DomainError('BAD_REQUEST', DeployerMessages.idRequired);
    const notFound = new DomainError('NOT_FOUND', DeployerMessages.flowNotFound);
    if (!UUID.test(flowId)) throw notFound;
    const flow = await this.dataSource.getRepository(FlowEntity).findOneBy({ id: flowId.toLowerCase(), accountId });
    if (!flow || (flow.isDeleted && !includeDeleted)) throw notFound;
    return flow;
  }
}
