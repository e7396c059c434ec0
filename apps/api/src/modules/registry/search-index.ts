import type { EntityManager } from 'typeorm';

/**
 * The words of a release that are not its label or description: its categories' names and its meta.tags,
 * as one space-separated text. `r` is the alias of package_release.
 */
const TERMS_SQL = `concat_ws(' ',
  (SELECT string_agg(c.name, ' ' ORDER BY c.name) FROM package_release_category prc JOIN category c ON c.id = prc.category_id WHERE prc.revision_id = r.revision_id),
  (SELECT string_agg(tag, ' ') FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.meta -> 'tags') = 'array' THEN r.meta -> 'tags' ELSE '[]'::jsonb END) AS tag))`;

/**
 * The search columns of package_release, as SQL over the alias `r` with `terms` the text above:
 * fts weights the label A, the description B, categories and tags C ('simple' configuration: no stemming,
 * so names of services like "Twilio" are kept whole); searchText is the same words lower-cased, for trigram
 * matching of misspellings.
 */
export const FTS_SQL = `setweight(to_tsvector('simple', r.label), 'A') || setweight(to_tsvector('simple', coalesce(r.description, '')), 'B') || setweight(to_tsvector('simple', x.terms), 'C')`;
export const SEARCH_TEXT_SQL = `lower(concat_ws(' ', r.label, r.description, x.terms))`;

/**
 * Recomputes fts and searchText of these releases from their current label, description, categories and
 * tags. Every write that touches one of those calls it in the same transaction (add, update, publish,
 * category links, the demo catalogue, the rederive migration).
 */
export async function refreshSearchIndex(manager: EntityManager, revisionIds: readonly string[]): Promise<void> {
  if (!revisionIds.length) return;
  await manager.query(
    `UPDATE package_release r SET fts = ${FTS_SQL}, search_text = ${SEARCH_TEXT_SQL}
     FROM (SELECT r.revision_id, ${TERMS_SQL} AS terms FROM package_release r WHERE r.revision_id = ANY($1::uuid[])) x
     WHERE r.revision_id = x.revision_id`,
    [revisionIds],
  );
}

/** Recomputes the search columns of every release of these categories (after a category is renamed). */
export async function refreshSearchIndexOfCategories(manager: EntityManager, categoryIds: readonly string[]): Promise<void> {
  if (!categoryIds.length) return;
  const rows = (await manager.query(`SELECT DISTINCT revision_id FROM package_release_category WHERE category_id = ANY($1::uuid[])`, [
    categoryIds,
  ])) as Array<{ revision_id: string }>;
  await refreshSearchIndex(
    manager,
    rows.map((row) => row.revision_id),
  );
}

/** Points a package at its newest release (highest versionInt, then newest); called on every add and delete. */
export async function refreshLatestRevision(manager: EntityManager, packageId: string): Promise<void> {
  await manager.query(
    `UPDATE package p SET latest_revision_id = x.revision_id, updated_at = now()
       FROM (SELECT (SELECT revision_id FROM package_release WHERE id = $1
                      ORDER BY version_int DESC, created_at DESC, revision_id DESC LIMIT 1) AS revision_id) x
      WHERE p.id = $1 AND p.latest_revision_id IS DISTINCT FROM x.revision_id`,
    [packageId],
  );
}
