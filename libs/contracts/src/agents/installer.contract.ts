import { z } from 'zod';
import { AgentName } from './agents.contract';

/** The agent-installer service (spec 4 "Agent install", 7 "Installer gateway", 9). See docs/adr/0012-agent-installer.md. */
export const AGENT_INSTALL_KIND = 'agent-install';
/** Spec 9: the web app polls an install's status every 5000 ms. */
export const AGENT_STATUS_POLL_MS = 5000;
/** Attempts of one install run (the job engine's retries with backoff). */
export const AGENT_INSTALL_ATTEMPTS = 3;
/** The knowledge item an install adds to the agent, listing what it installed. */
export const INSTALLED_RESOURCES_KNOWLEDGE = 'Installed resources';

export const InstallerMessages = {
  accountNotFound: 'Account not found',
  installNotFound: 'Install not found',
  agentGone: 'The agent being installed was deleted',
  templateGone: 'The agent template was deleted from the library',
  spaceMissing: 'No space template of this name or id in the library',
  flowMissing: 'No flow template of this name or id in the library',
  withSpace: (space: string) => `Copied with the space ${space}`,
  queued: (template: string) => `Installing ${template}: waiting to start…`,
  copying: (template: string, spaces: number, flows: number) =>
    `Installing ${template}: copying ${plural(spaces, 'space')} and ${plural(flows, 'flow')}…`,
  saving: (template: string) => `Installing ${template}: setting up the agent…`,
  retrying: (template: string) => `Installing ${template}: retrying after a problem…`,
  installed: (template: string, agent: string) => `${template} has been installed as ${agent}`,
  failed: (template: string, error: string) => `Installing ${template} failed: ${error}`,
  cancelled: (template: string) => `Installing ${template} was cancelled`,
} as const;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

const uuid = z.string().trim().toLowerCase().uuid();

/** The agent to install onto: an agent of the caller's account (its id), or fields of a new one (name defaults to the template's). */
export const InstallAgentFields = z
  .object({
    name: AgentName.optional(),
    description: z.string().max(2000).optional(),
    image: z.string().trim().max(2000).nullable().optional(),
  })
  .strict();
export type InstallAgentFields = z.infer<typeof InstallAgentFields>;

/** `POST agent-installer`. */
export const AgentInstallRequest = z
  .object({
    templateId: uuid,
    accountId: uuid,
    agent: z.union([uuid, InstallAgentFields]),
  })
  .strict();
export type AgentInstallRequest = z.infer<typeof AgentInstallRequest>;

/** `GET agent-installer`. */
export const AgentInstallQuery = z.object({ agentId: uuid, accountId: uuid, templateId: uuid }).strict();
export type AgentInstallQuery = z.infer<typeof AgentInstallQuery>;

export const AgentInstallStarted = z.object({
  requestId: z.string().uuid(),
  agentId: z.string().uuid(),
  /** 'processing' for a new install; a repeated POST answers the first one's request and its status now. */
  status: z.enum(['processing', 'installed', 'error']),
  message: z.string(),
});
export type AgentInstallStarted = z.infer<typeof AgentInstallStarted>;

export const AgentInstallStatus = z.discriminatedUnion('status', [
  z.object({ status: z.literal('processing'), message: z.string(), requestId: z.string().uuid(), progress: z.number() }),
  z.object({ status: z.literal('installed'), message: z.string(), requestId: z.string().uuid(), agentId: z.string().uuid() }),
  z.object({ status: z.literal('error'), message: z.string(), requestId: z.string().uuid() }),
]);
export type AgentInstallStatus = z.infer<typeof AgentInstallStatus>;

const InstalledItem = z.object({ name: z.string(), templateId: z.string().uuid(), id: z.string().uuid() });
const SkippedItem = z.object({ kind: z.enum(['space', 'flow']), name: z.string(), reason: z.string() });

/** What an install did (the run's output). */
export const AgentInstallResult = z.object({
  agentId: z.string().uuid(),
  agentName: z.string(),
  templateId: z.string().uuid(),
  spaces: z.array(InstalledItem),
  flows: z.array(InstalledItem.extend({ botId: z.string().uuid() })),
  skipped: z.array(SkippedItem),
  relationalDb: z.array(z.string()),
  lookupCollections: z.array(z.string()),
  connectedResources: z.array(z.string()),
  tables: z.array(z.string()),
});
export type AgentInstallResult = z.infer<typeof AgentInstallResult>;
