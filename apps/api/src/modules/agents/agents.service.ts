import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AgentAction,
  AgentCreateRequest,
  AgentListQuery,
  AgentMessages,
  AgentModel,
  AgentUpdateRequest,
  AgentView,
} from '@library/contracts';
import { DataSource, EntityManager, Repository } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { DomainError } from '../../common/errors/domain-error';
import { AgentEntity } from './agent.entity';
import { isUniqueViolation, likePattern, toAgentView } from './views';

export interface Page<T> {
  items: T[];
  total: number;
  from: number;
  size: number;
}

const ORDER_COLUMNS = { name: 'lower(agent.name)', createdAt: 'agent.created_at', updatedAt: 'agent.updated_at' } as const;

/**
 * The agents of the caller's account (spec 3 Agent, 7 Agents service). Every id is looked up within the caller's
 * account only: another account's agent is "not found", whatever the caller's role. Names are unique per account
 * regardless of case; a create with a taken name gets ' copy', then ' copy 2', ' copy 3' … (spec 5).
 */
@Injectable()
export class AgentsService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(AgentEntity) private readonly agents: Repository<AgentEntity>,
  ) {}

  async list(principal: UserPrincipal, query: AgentListQuery): Promise<Page<AgentView>> {
    const builder = this.agents.createQueryBuilder('agent').where('agent.account_id = :accountId', { accountId: principal.accountId });
    if (query.search) {
      builder.andWhere(`(agent.name ILIKE :pattern OR agent.description ILIKE :pattern OR agent.objective ILIKE :pattern)`, {
        pattern: likePattern(query.search),
      });
    }
    const direction = query.order === 'asc' ? 'ASC' : 'DESC';
    const [agents, total] = await builder
      .orderBy(ORDER_COLUMNS[query.orderBy], direction)
      .addOrderBy('agent.id', direction)
      .skip(query.from)
      .take(query.size)
      .getManyAndCount();
    return { items: agents.map(toAgentView), total, from: query.from, size: query.size };
  }

  async get(principal: UserPrincipal, id: string): Promise<AgentView> {
    return toAgentView(await this.own(principal, id));
  }

  /**
   * Creates an agent under the first free name. Creates of one account take turns on a transaction-scoped advisory
   * lock, so two concurrent creates of "Helper" give "Helper" and "Helper copy"; the unique index backs it up.
   */
  async create(principal: UserPrincipal, body: AgentCreateRequest): Promise<AgentView> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`agent-names:${principal.accountId}`]);
      const name = await freeName(manager, principal.accountId, body.name);
      const agent = manager.create(AgentEntity, { ...body, name, accountId: principal.accountId, createdById: principal.userId });
      return toAgentView(await manager.save(agent));
    });
  }

  /** PUT: the fields given replace the stored ones (model settings are merged); a rename to a taken name is a 409. */
  async update(principal: UserPrincipal, id: string, body: AgentUpdateRequest): Promise<AgentView> {
    return this.dataSource.transaction(async (manager) => {
      const agent = await this.own(principal, id, manager);
      const { model, ...fields } = body;
      Object.assign(agent, fields);
      if (model) agent.model = AgentModel.parse({ ...agent.model, ...model });
      const saved = await manager.save(agent).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new DomainError('CONFLICT', AgentMessages.agentNameTaken);
        throw error;
      });
      return toAgentView(saved);
    });
  }

  async remove(principal: UserPrincipal, id: string): Promise<void> {
    const result = await this.agents.delete({ id, accountId: principal.accountId });
    if (!result.affected) throw new DomainError('NOT_FOUND', AgentMessages.agentNotFound);
  }

  /** PUT agents/{id}/actions/{name}: creates the action, or replaces the one of that name in place. */
  async putAction(principal: UserPrincipal, id: string, action: AgentAction): Promise<AgentView> {
    return this.dataSource.transaction(async (manager) => {
      const agent = await this.own(principal, id, manager);
      const index = agent.actions.findIndex((candidate) => candidate.name === action.name);
      agent.actions = index === -1 ? [...agent.actions, action] : agent.actions.map((candidate, at) => (at === index ? action : candidate));
      return toAgentView(await manager.save(agent));
    });
  }

  /** DELETE agents/{id}/actions/{name}: 404 when the agent has no action of that name. */
  async removeAction(principal: UserPrincipal, id: string, name: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const agent = await this.own(principal, id, manager);
      const actions = agent.actions.filter((candidate) => candidate.name !== name);
      if (actions.length === agent.actions.length) throw new DomainError('NOT_FOUND', AgentMessages.actionNotFound);
      agent.actions = actions;
      await manager.save(agent);
    });
  }

  /** The caller's agent; in a transaction, locked until it ends (read-modify-write of its JSON lists). */
  async own(principal: UserPrincipal, id: string, manager?: EntityManager): Promise<AgentEntity> {
    const agent = manager
      ? await manager.findOne(AgentEntity, { where: { id, accountId: principal.accountId }, lock: { mode: 'pessimistic_write' } })
      : await this.agents.findOneBy({ id, accountId: principal.accountId });
    if (!agent) throw new DomainError('NOT_FOUND', AgentMessages.agentNotFound);
    return agent;
  }
}

/** The name itself when free in the account, else the first free of `name copy`, `name copy 2`, `name copy 3` … */
export async function freeName(manager: EntityManager, accountId: string, name: string): Promise<string> {
  const rows = (await manager.query(`SELECT lower(name) AS name FROM agent WHERE account_id = $1 AND starts_with(lower(name), lower($2))`, [
    accountId,
    name,
  ])) as Array<{ name: string }>;
  const taken = new Set(rows.map((row) => row.name));
  if (!taken.has(name.toLowerCase())) return name;
  for (let copy = 1; ; copy++) {
    const candidate = copy === 1 ? `${name} copy` : `${name} copy ${copy}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
