import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AgentMessages, ExecutionInput, ExecutionListQuery, ExecutionView } from '@library/contracts';
import { DataSource, Repository } from 'typeorm';
import { z } from 'zod';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { AgentExecutionEntity } from './agent-execution.entity';
import { runAgent } from './agent-run';
import { AgentsService, Page } from './agents.service';
import { toExecutionView } from './views';

/**
 * Executions of an agent of the caller's account. One is created queued with its input; a run records the input
 * it ran with and its output (succeeded) or error (failed). No model is called: see agent-run.ts.
 */
@Injectable()
export class ExecutionsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly agents: AgentsService,
    @InjectRepository(AgentExecutionEntity) private readonly executions: Repository<AgentExecutionEntity>,
  ) {}

  async list(principal: UserPrincipal, agentId: string, query: z.infer<typeof ExecutionListQuery>): Promise<Page<ExecutionView>> {
    await this.agents.own(principal, agentId);
    const [executions, total] = await this.executions.findAndCount({
      where: { agentId, ...(query.status ? { status: query.status } : {}) },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: query.from,
      take: query.size,
    });
    return { items: executions.map(toExecutionView), total, from: query.from, size: query.size };
  }

  async create(principal: UserPrincipal, agentId: string, input: ExecutionInput): Promise<ExecutionView> {
    await this.agents.own(principal, agentId);
    return toExecutionView(await this.executions.save(this.executions.create({ agentId, input, status: 'queued' })));
  }

  async get(principal: UserPrincipal, agentId: string, id: string): Promise<ExecutionView> {
    await this.agents.own(principal, agentId);
    return toExecutionView(await this.find(agentId, id));
  }

  async remove(principal: UserPrincipal, agentId: string, id: string): Promise<void> {
    await this.agents.own(principal, agentId);
    const result = await this.executions.delete({ id, agentId });
    if (!result.affected) throw new DomainError('NOT_FOUND', AgentMessages.executionNotFound);
  }

  /**
   * Runs the execution with the given input (kept as its input) or its stored one. A run of a run execution runs
   * it again: runCount counts them, the last one's output or error is kept. Concurrent runs of one execution take turns.
   */
  async run(principal: UserPrincipal, agentId: string, id: string, input: ExecutionInput | undefined): Promise<ExecutionView> {
    return this.dataSource.transaction(async (manager) => {
      const agent = await this.agents.own(principal, agentId, manager);
      const execution = await manager.findOne(AgentExecutionEntity, { where: { id, agentId }, lock: { mode: 'pessimistic_write' } });
      if (!execution) throw new DomainError('NOT_FOUND', AgentMessages.executionNotFound);
      const startedAt = new Date();
      if (input) execution.input = input;
      const result = runAgent(agent, execution.input);
      Object.assign(execution, {
        status: result.ok ? 'succeeded' : 'failed',
        output: result.ok ? result.output : null,
        error: result.ok ? null : result.error,
        runCount: execution.runCount + 1,
        startedAt,
        finishedAt: new Date(),
      });
      return toExecutionView(await manager.save(execution));
    });
  }

  private async find(agentId: string, id: string): Promise<AgentExecutionEntity> {
    const execution = await this.executions.findOneBy({ id, agentId });
    if (!execution) throw new DomainError('NOT_FOUND', AgentMessages.executionNotFound);
    return execution;
  }
}
