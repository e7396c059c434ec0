import { INestApplication } from '@nestjs/common';
import type { Level, PackageType, SchemaType, Status, UserRole } from '@library/contracts';
import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { UserEntity } from '../../src/modules/accounts/user.entity';
import { versionToInt } from '../../src/modules/registry/derived-rules';

/**
 * Registry rows written straight to the database, so read-side tests don't depend on the write side: a package, its
 * release, data, system status, release statuses per level, category links, the search columns and the package's
 * latest-release pointer.
 */
export interface Owner {
  accountId: string;
  userId: string;
}

export async function ownerOf(app: INestApplication, email: string): Promise<Owner & { role: UserRole }> {
  const user = await app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ email });
  return { accountId: user.accountId, userId: user.id, role: user.role };
}

export interface ReleaseFixture {
  owner: Owner;
  /** The package id; a new one when absent. */
  id?: string;
  type?: PackageType;
  version?: string;
  label: string;
  description?: string | null;
  schemaType?: SchemaType;
  prerelease?: boolean;
  /** Release status per level; `{ PDE: 'RELEASED' }` when absent. */
  levels?: Partial<Record<Level, Status>>;
  /** System status; UPLOADED when absent, none when null. */
  system?: Status | null;
  categoryIds?: string[];
  tags?: string[];
  meta?: Record<string, unknown>;
  membersAccountIds?: string[] | null;
  membersUserIds?: string[] | null;
  data?: unknown;
  createdAt?: Date;
}

export interface InsertedRelease {
  id: string;
  revisionId: string;
  version: string;
  type: PackageType;
}

async function actorId(manager: EntityManager, owner: Owner): Promise<number> {
  const rows = (await manager.query(
    `INSERT INTO actor (account_id, user_id) VALUES ($1, $2)
     ON CONFLICT (account_id, user_id) DO UPDATE SET account_id = EXCLUDED.account_id RETURNING id`,
    [owner.accountId, owner.userId],
  )) as Array<{ id: number }>;
  return rows[0].id;
}

export async function insertRelease(app: INestApplication, fixture: ReleaseFixture): Promise<InsertedRelease> {
  const id = fixture.id ?? randomUUID();
  const type = fixture.type ?? 'STEP';
  const version = fixture.version ?? '1.0.0';
  const createdAt = fixture.createdAt ?? new Date();
  const levels = fixture.levels ?? { PDE: 'RELEASED' };
  const system = fixture.system === undefined ? 'UPLOADED' : fixture.system;
  const meta = { ...(fixture.meta ?? {}), ...(fixture.tags ? { tags: fixture.tags } : {}) };

  return app.get(DataSource).transaction(async (manager) => {
    const by = await actorId(manager, fixture.owner);
    await manager.query(
      `INSERT INTO package (id, type, created_by_id, modified_by_id, created_at, updated_at) VALUES ($1, $2, $3, $3, $4, $4)
       ON CONFLICT (id) DO NOTHING`,
      [id, type, by, createdAt],
    );
    const [{ revision_id: revisionId }] = (await manager.query(
      `INSERT INTO package_release (id, type, schema_type, version, version_int, prerelease, label, description, meta,
         members_account_ids, members_user_ids, owner_account_id, owner_user_id, created_by_id, modified_by_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $15) RETURNING revision_id`,
      [
        id,
        type,
        fixture.schemaType ?? 'LEGACY',
        version,
        versionToInt(version).toString(),
        fixture.prerelease ?? false,
        fixture.label,
        fixture.description ?? null,
        meta,
        fixture.membersAccountIds ?? null,
        fixture.membersUserIds ?? null,
        fixture.owner.accountId,
        fixture.owner.userId,
        by,
        createdAt,
      ],
    )) as Array<{ revision_id: string }>;
    await manager.query(`INSERT INTO package_release_data (revision_id, data) VALUES ($1, $2)`, [
      revisionId,
      JSON.stringify(fixture.data ?? { label: fixture.label }),
    ]);
    if (system) {
      await manager.query(
        `INSERT INTO package_status_details_system (status, package_release_revision_id, created_by_id, modified_by_id) VALUES ($1, $2, $3, $3)`,
        [system, revisionId, by],
      );
    }
    for (const [level, status] of Object.entries(levels)) {
      await manager.query(
        `INSERT INTO package_status_details_release (status, level, package_release_revision_id, created_by_id, modified_by_id)
         VALUES ($1, $2, $3, $4, $4)`,
        [status, level, revisionId, by],
      );
    }
    for (const categoryId of fixture.categoryIds ?? []) {
      await manager.query(`INSERT INTO package_release_category (revision_id, category_id) VALUES ($1, $2)`, [revisionId, categoryId]);
    }
    await manager.query(
      `WITH terms AS (
         SELECT concat_ws(' ',
           (SELECT string_agg(c.name, ' ') FROM package_release_category prc JOIN category c ON c.id = prc.category_id WHERE prc.revision_id = $1),
           (SELECT string_agg(tag, ' ') FROM jsonb_array_elements_text(coalesce(r.meta -> 'tags', '[]'::jsonb)) AS tag)) AS text
         FROM package_release r WHERE r.revision_id = $1)
       UPDATE package_release SET
         fts = setweight(to_tsvector('simple', label), 'A')
           || setweight(to_tsvector('simple', coalesce(description, '')), 'B')
           || setweight(to_tsvector('simple', terms.text), 'C'),
         search_text = lower(label || ' ' || coalesce(description, '') || ' ' || terms.text)
       FROM terms WHERE revision_id = $1`,
      [revisionId],
    );
    await manager.query(
      `UPDATE package SET latest_revision_id = (SELECT revision_id FROM package_release WHERE id = $1 ORDER BY version_int DESC LIMIT 1) WHERE id = $1`,
      [id],
    );
    return { id, revisionId, version, type };
  });
}

export async function insertCategory(
  app: INestApplication,
  options: { type?: PackageType; name: string; hidden?: boolean; owner?: Owner },
): Promise<string> {
  const dataSource = app.get(DataSource);
  const by = options.owner ? await actorId(dataSource.manager, options.owner) : null;
  const rows = (await dataSource.query(
    `INSERT INTO category (name, hidden, type, created_by_id, modified_by_id) VALUES ($1, $2, $3, $4, $4) RETURNING id`,
    [options.name, options.hidden ?? false, options.type ?? 'STEP', by],
  )) as Array<{ id: string }>;
  return rows[0].id;
}

export async function setDownloadCount(app: INestApplication, packageId: string, count: number): Promise<void> {
  await app.get(DataSource).query(`UPDATE package SET download_count = $2 WHERE id = $1`, [packageId, count]);
}

/** A word no other test uses (letters only, so full-text and trigram matching treat it as one word). */
export function uniqueWord(prefix = 'w'): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  let word = prefix;
  for (let i = 0; i < 10; i += 1) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}
