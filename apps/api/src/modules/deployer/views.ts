import type { DeployCheck } from '@library/contracts';
import type { DeploymentEntity } from './deployment.entity';

/** The check result of a deployment (spec 4: the web app throws a result carrying errorData). */
export function toDeployCheck(deployment: DeploymentEntity): DeployCheck {
  if (deployment.status === 'pending') return { status: 'pending' };
  const base = {
    status: deployment.status,
    requestId: deployment.runId,
    deploymentId: deployment.id,
    flowId: deployment.flowId,
    flowAlias: deployment.flowAlias,
    flowVersion: deployment.flowVersion ?? undefined,
    role: deployment.role,
    interactiveDebug: deployment.interactiveDebug,
    deployedAt: deployment.deployedAt ? new Date(deployment.deployedAt).toISOString() : null,
  };
  return deployment.status === 'failed' ? { ...base, errorData: deployment.errorData } : base;
}
