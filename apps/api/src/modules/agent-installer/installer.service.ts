import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  AGENT_INSTALL_ATTEMPTS,
  AGENT_INSTALL_KIND,
  AgentCreateRequest,
  AgentInstallQuery,
  AgentInstallRequest,
  AgentInstallResult,
  AgentInstallStarted,
  AgentInstallStatus,
  AgentMessages,
  InstallerMessages,
} from '@library/contracts';
import { DataSource } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { AgentTemplateEntity } from '../agents/agent-template.entity';
import { AgentsService } from '../agents/agents.service';
import { RunEntity } from '../runs/run.entity';
import { RunsService } from '../runs/runs.service';
import type { AgentInstallInput } from './agent-install.handler';

/**
 * Starts installs and answers their status (docs/adr/0012). Every check a caller can fail is made before the run
 * exists: the account must be the caller's (else 404, so ids don't leak), the template must exist, the agent must
 * be the caller's account's (or is created here from the fields given, under the ' copy' naming rule).
 */
@Injectable()
export class InstallerService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runs: RunsService,
    private readonly agents: AgentsService,
  ) {}

  async install(principal: UserPrincipal, body: AgentInstallRequest): Promise<AgentInstallStarted> {
    this.ownAccount(principal, body.accountId);
    const template = await this.dataSource.manager.findOneBy(AgentTemplateEntity, { id: body.templateId });
    if (!template) throw new DomainError('NOT_FOUND', AgentMessages.templateNotFound);
    const agentId =
      typeof body.agent === 'string'
        ? (await this.agents.own(principal, body.agent)).id
        : (
            await this.agents.create(
              principal,
              AgentCreateRequest.parse({
                name: body.agent.name ?? template.name,
                description: body.agent.description ?? template.description,
                image: body.agent.image === undefined ? template.image : body.agent.image,
                objective: template.objective,
                primer: template.primer,
                actions: template.actions,
                model: template.model,
                knowledge: template.knowledge,
                origin: { templateId: template.id },
              }),
            )
          ).id;
    const input: AgentInstallInput = {
      agentId,
      templateId: template.id,
      templateName: template.name,
      spaceCount: template.spaces.length,
      flowCount: template.flows.length,
    };
    // One install per agent and template: a repeated POST (even after it finished) answers the same run.
    const run = await this.runs.start(
      AGENT_INSTALL_KIND,
      input,
      { accountId: principal.accountId, userId: principal.userId },
      { idempotencyKey: `${agentId}:${template.id}`, maxAttempts: AGENT_INSTALL_ATTEMPTS },
    );
    const status = statusOf(run);
    return { requestId: run.id, agentId, status: status.status, message: status.message };
  }

  /** The newest install of the template onto the agent in the caller's account; 404 for anything else. */
  async status(principal: UserPrincipal, query: AgentInstallQuery): Promise<AgentInstallStatus> {
    this.ownAccount(principal, query.accountId);
    const run = await this.dataSource
      .getRepository(RunEntity)
      .createQueryBuilder('run')
      .where('run.kind = :kind AND run.owner_account_id = :accountId', { kind: AGENT_INSTALL_KIND, accountId: principal.accountId })
      .andWhere(`run.input->>'agentId' = :agentId AND run.input->>'templateId' = :templateId`, {
        agentId: query.agentId,
        templateId: query.templateId,
      })
      .orderBy('run.created_at', 'DESC')
      .addOrderBy('run.id', 'DESC')
      .getOne();
    if (!run) throw new DomainError('NOT_FOUND', InstallerMessages.installNotFound);
    return statusOf(run);
  }

  private ownAccount(principal: UserPrincipal, accountId: string): void {
    if (accountId !== principal.accountId) throw new DomainError('NOT_FOUND', InstallerMessages.accountNotFound);
  }
}

/** A run of kind agent-install as the installer's status, with a message for the web app's toast. */
export function statusOf(run: RunEntity): AgentInstallStatus {
  const input = run.input as AgentInstallInput;
  const name = input.templateName;
  switch (run.state) {
    case 'succeeded': {
      const output = run.output as AgentInstallResult;
      return {
        status: 'installed',
        requestId: run.id,
        agentId: output.agentId,
        message: InstallerMessages.installed(name, output.agentName),
      };
    }
    case 'failed':
      return { status: 'error', requestId: run.id, message: InstallerMessages.failed(name, run.error ?? 'unknown error') };
    case 'cancelled':
      return { status: 'error', requestId: run.id, message: InstallerMessages.cancelled(name) };
    default: {
      const message =
        run.state === 'queued'
          ? InstallerMessages.queued(name)
          : run.state === 'retrying'
            ? InstallerMessages.retrying(name)
            : run.progress >= 90
              ? InstallerMessages.saving(name)
              : InstallerMessages.copying(name, input.spaceCount, input.flowCount);
      return { status: 'processing', requestId: run.id, progress: run.progress, message };
    }
  }
}
