import { Injectable } from '@nestjs/common';
import { FAVORITES_KEY, FavoriteKind, Favorites } from '@library/contracts';
import { DataSource } from 'typeorm';
import type { Principal } from '../../common/auth/principal';
import { SETTING_CONFLICT_TARGET, SettingsScope, SettingsService } from './settings.service';

const KINDS = FavoriteKind.options;

/** Favourites read from whatever is stored: each kind's list of strings, empty when missing or malformed. */
export function toFavorites(value: unknown): Favorites {
  const stored = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const listOf = (kind: FavoriteKind) => {
    const list = stored[kind];
    return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
  };
  return Object.fromEntries(KINDS.map((kind) => [kind, listOf(kind)])) as Favorites;
}

/**
 * Favourites per kind (spec 3, 4, 6), kept in the caller's role settings under FAVORITES_KEY.
 * Every change is one SQL statement on the row, so concurrent adds and removes never lose each other.
 */
@Injectable()
export class FavoritesService {
  constructor(
    private readonly settings: SettingsService,
    private readonly dataSource: DataSource,
  ) {}

  async get(principal: Principal): Promise<Favorites> {
    const scope = await this.settings.scope(principal, { level: 'role' }, 'read');
    return toFavorites(await this.stored(scope));
  }

  /** Appends the id to the kind's list unless it is there already. */
  async add(principal: Principal, kind: FavoriteKind, id: string): Promise<Favorites> {
    const scope = await this.settings.scope(principal, { level: 'role' }, 'write');
    const rows = (await this.dataSource.query(
      `INSERT INTO "setting" AS s ("account_id", "user_id", "key", "value")
       VALUES ($1, $2::uuid, $3, jsonb_build_object($4::text, jsonb_build_array($5::text)))
       ON CONFLICT ${SETTING_CONFLICT_TARGET} DO UPDATE SET
         "value" = jsonb_set(
           CASE WHEN jsonb_typeof(s."value") = 'object' THEN s."value" ELSE '{}'::jsonb END,
           ARRAY[$4::text],
           CASE
             WHEN jsonb_typeof(s."value" -> $4::text) IS DISTINCT FROM 'array' THEN jsonb_build_array($5::text)
             WHEN (s."value" -> $4::text) @> jsonb_build_array($5::text) THEN s."value" -> $4::text
             ELSE (s."value" -> $4::text) || jsonb_build_array($5::text)
           END
         ),
         "updated_at" = now()
       RETURNING "value"`,
      [scope.accountId, scope.userId, FAVORITES_KEY, kind, id],
    )) as Array<{ value: unknown }>;
    return toFavorites(rows[0].value);
  }

  /** Takes the id out of the kind's list; removing what is not there changes nothing. */
  async remove(principal: Principal, kind: FavoriteKind, id: string): Promise<Favorites> {
    const scope = await this.settings.scope(principal, { level: 'role' }, 'write');
    const [rows] = (await this.dataSource.query(
      `UPDATE "setting" SET "value" = jsonb_set("value", ARRAY[$4::text], ("value" -> $4::text) - $5::text), "updated_at" = now()
       WHERE "account_id" = $1 AND "user_id" IS NOT DISTINCT FROM $2::uuid AND "key" = $3 AND jsonb_typeof("value" -> $4::text) = 'array'
       RETURNING "value"`,
      [scope.accountId, scope.userId, FAVORITES_KEY, kind, id],
    )) as [Array<{ value: unknown }>, number];
    return toFavorites(rows.length ? rows[0].value : await this.stored(scope));
  }

  private async stored(scope: SettingsScope): Promise<unknown> {
    const rows = (await this.dataSource.query(
      `SELECT "value" FROM "setting" WHERE "account_id" = $1 AND "user_id" IS NOT DISTINCT FROM $2::uuid AND "key" = $3`,
      [scope.accountId, scope.userId, FAVORITES_KEY],
    )) as Array<{ value: unknown }>;
    return rows[0]?.value ?? null;
  }
}
