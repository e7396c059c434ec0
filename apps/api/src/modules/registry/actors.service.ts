import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import type { UserPrincipal } from '../../common/auth/principal';
import { ActorEntity } from './actor.entity';

export type ActorRef = { accountId: string; userId: string } | null;

/** createdBy / modifiedBy: one actor row per (account, user), found or made on first write. */
@Injectable()
export class ActorsService {
  constructor(@InjectRepository(ActorEntity) private readonly actors: Repository<ActorEntity>) {}

  async idOf(principal: UserPrincipal, manager: EntityManager = this.actors.manager): Promise<number> {
    const rows = (await manager.query(
      `INSERT INTO actor (account_id, user_id) VALUES ($1, $2)
       ON CONFLICT (account_id, user_id) DO UPDATE SET account_id = EXCLUDED.account_id RETURNING id`,
      [principal.accountId, principal.userId],
    )) as Array<{ id: number }>;
    return rows[0].id;
  }

  /** The actors behind a set of ids, for views. */
  async resolve(ids: Array<number | null | undefined>): Promise<Map<number, ActorRef>> {
    const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
    if (!wanted.length) return new Map();
    const rows = await this.actors.findBy({ id: In(wanted) });
    return new Map(rows.map((row) => [row.id, { accountId: row.accountId, userId: row.userId }]));
  }
}
