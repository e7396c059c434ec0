import type { AgentTemplateView, AgentView, ExecutionView } from '@library/contracts';
import type { AgentExecutionEntity } from './agent-execution.entity';
import type { AgentTemplateEntity } from './agent-template.entity';
import type { AgentEntity } from './agent.entity';

export function toAgentView(agent: AgentEntity): AgentView {
  return {
    id: agent.id,
    accountId: agent.accountId,
    createdBy: agent.createdById,
    name: agent.name,
    description: agent.description,
    image: agent.image,
    objective: agent.objective,
    primer: agent.primer,
    actions: agent.actions,
    model: agent.model,
    knowledge: agent.knowledge,
    origin: agent.origin,
    createdAt: agent.createdAt.toISOString(),
    updatedAt: agent.updatedAt.toISOString(),
  };
}

export function toExecutionView(execution: AgentExecutionEntity): ExecutionView {
  return {
    id: execution.id,
    agentId: execution.agentId,
    status: execution.status,
    input: execution.input,
    output: execution.output,
    error: execution.error,
    runCount: execution.runCount,
    startedAt: execution.startedAt?.toISOString() ?? null,
    finishedAt: execution.finishedAt?.toISOString() ?? null,
    createdAt: execution.createdAt.toISOString(),
    updatedAt: execution.updatedAt.toISOString(),
  };
}

export function toTemplateView(template: AgentTemplateEntity): AgentTemplateView {
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    longDescription: template.longDescription,
    image: template.image,
    tags: template.tags,
    objective: template.objective,
    primer: template.primer,
    actions: template.actions,
    model: template.model,
    knowledge: template.knowledge,
    spaces: template.spaces,
    flows: template.flows,
    relationalDb: template.relationalDb,
    lookupCollections: template.lookupCollections,
    connectedResources: template.connectedResources,
    tables: template.tables,
    downloadCount: template.downloadCount,
    createdBy: template.createdById,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
  };
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return (error as { driverError?: { code?: string } } | undefined)?.driverError?.code === UNIQUE_VIOLATION;
}
