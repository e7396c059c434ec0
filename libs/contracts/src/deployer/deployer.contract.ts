import { z } from 'zod';

/**
 * The deployer service (spec 4 "Flow deploy", 7 "Deployer"; docs/adr/0013). A deploy is a run of the job engine:
 * `POST flows/deploy` answers the run id as requestId; `GET flows/check/{flowId}/{requestId}` is pending until the
 * run is done, then the result, or errorData when the flow could not be deployed.
 */

/** Run kind of a deploy; its queue is named after it. */
export const DEPLOY_KIND = 'flow-deploy';
/** Attempts a deploy gets before its run ends `failed` (the engine's default). */
export const DEPLOY_ATTEMPTS = 3;
/** The web app polls the check every second, at most 100 times (spec 9). */
export const DEPLOY_CHECK_POLL = { everyMs: 1_000, maxTries: 100 } as const;
/** The alias a deploy goes to when none is given. */
export const DEFAULT_FLOW_ALIAS = 'live';

export const DeployerMessages = {
  idRequired: 'Id is required',
  roleRequired: 'Role is required',
  flowNotFound: 'Flow not found',
  requestNotFound: 'Request not found',
} as const;

export const DeploymentStatus = z.enum(['pending', 'deployed', 'failed', 'undeployed']);
export type DeploymentStatus = z.infer<typeof DeploymentStatus>;

/** Optional text fields: trimmed, empty treated as absent. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : undefined));
/** Flags as JSON booleans or query strings ('true', '1'). */
const optionalFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((value) => (value === undefined ? undefined : value === true || value === 'true' || value === '1'));
const alias = z
  .string()
  .trim()
  .max(100)
  .regex(/^[A-Za-z0-9_.-]*$/, 'Alias may hold letters, digits, dot, dash and underscore')
  .optional()
  .transform((value) => (value ? value : undefined));

/** The flow id is checked by the service, so a missing or empty one answers exactly 'Id is required' (spec 5). */
const flowIdField = z.string().trim().max(100).optional();

/** `POST flows/deploy`. */
export const DeployRequest = z
  .object({ flowId: flowIdField, flowAlias: alias, interactiveDebug: optionalFlag, role: optionalText(100) })
  .strict();
export type DeployRequest = z.infer<typeof DeployRequest>;

export const DeployStarted = z.object({ requestId: z.string().uuid(), flowId: z.string().uuid() });
export type DeployStarted = z.infer<typeof DeployStarted>;

/** One reason a flow cannot be deployed, naming the tree and step (and exit) concerned. */
export const DeployProblem = z.object({
  code: z.enum(['flow-gone', 'no-steps', 'missing-template', 'unwired-exit', 'unknown-target', 'cycle', 'run-failed']),
  message: z.string(),
  treeId: z.string().optional(),
  stepId: z.string().optional(),
  exit: z.string().optional(),
  stepIds: z.array(z.string()).optional(),
});
export type DeployProblem = z.infer<typeof DeployProblem>;

/** The check of a deploy: pending, then what the deploy recorded. */
export const DeployCheck = z.object({
  status: DeploymentStatus,
  requestId: z.string().uuid().optional(),
  deploymentId: z.string().uuid().optional(),
  flowId: z.string().uuid().optional(),
  flowAlias: z.string().optional(),
  flowVersion: z.number().int().optional(),
  role: z.string().nullable().optional(),
  interactiveDebug: z.boolean().optional(),
  deployedAt: z.string().nullable().optional(),
  errorData: z.array(DeployProblem).optional(),
});
export type DeployCheck = z.infer<typeof DeployCheck>;

export const DeployCheckParams = z.object({ flowId: z.string().trim(), requestId: z.string().trim() }).strict();
export type DeployCheckParams = z.infer<typeof DeployCheckParams>;
export const AccountDeployCheckParams = DeployCheckParams.extend({ accountId: z.string().trim() }).strict();
export type AccountDeployCheckParams = z.infer<typeof AccountDeployCheckParams>;
export const DeployerAccountParams = z.object({ accountId: z.string().trim() }).strict();
export type DeployerAccountParams = z.infer<typeof DeployerAccountParams>;

/**
 * `DELETE flows/deploy` (query or body): flowId (or `id`), flowAlias (all aliases when absent), role (only the
 * deployments made for that role), deleteLambda (accepted and echoed: there is no runtime to delete).
 */
export const UndeployRequest = z
  .object({ flowId: flowIdField, id: flowIdField, flowAlias: alias, role: optionalText(100), deleteLambda: optionalFlag })
  .strict();
export type UndeployRequest = z.infer<typeof UndeployRequest>;

export const UndeployResult = z.object({
  flowId: z.string().uuid().optional(),
  role: z.string().optional(),
  flowAlias: z.string().optional(),
  deleteLambda: z.boolean(),
  undeployed: z.number().int(),
  deploymentIds: z.array(z.string().uuid()),
});
export type UndeployResult = z.infer<typeof UndeployResult>;

/** `DELETE role` (query or body): undeploys every live deployment made for that role in the caller's account. */
export const DeleteRoleRequest = z.object({ role: optionalText(100) }).strict();
export type DeleteRoleRequest = z.infer<typeof DeleteRoleRequest>;
