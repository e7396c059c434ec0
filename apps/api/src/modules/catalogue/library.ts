import { CatalogueMessages, HIDE_IN_LIBRARY_TAG } from '@library/contracts';
import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { DomainError } from '../../common/errors/domain-error';
import { PROVIDERS_ACCOUNT_NAME } from '../discovery/discovery.controller';

/**
 * What makes a row a library item (docs/adr/0011): a template (`is_template`) of the providers account, not deleted.
 * Every signed-in user reads those; lists of the library also leave out rows tagged `hide-in-library`.
 */
export function libraryWhere(alias: string, templateDetails = false): string {
  const details = templateDetails ? ` AND ${templateDetailsWhere(alias)}` : '';
  return `(${alias}.is_template AND NOT ${alias}.is_deleted AND ${alias}.account_id = (SELECT id FROM account WHERE name = :providers)${details})`;
}

/** Card and view templates: a library item also has template details and no type (spec 5). */
export function templateDetailsWhere(alias: string): string {
  return `${alias}.template IS NOT NULL AND ${alias}.type IS NULL`;
}

export function notHiddenWhere(alias: string): string {
  return `NOT EXISTS (SELECT 1 FROM tag hidden_tag WHERE hidden_tag.id = ANY(${alias}.tag_ids)
    AND hidden_tag.data->>'label' = :hideTag AND NOT hidden_tag.is_deleted)`;
}

export const LIBRARY_PARAMETERS = { providers: PROVIDERS_ACCOUNT_NAME, hideTag: HIDE_IN_LIBRARY_TAG };

/**
 * Narrows a query to the library's listed items: templates of the providers account not tagged hide-in-library
 * (`templateDetails`: card and view templates, also template not null and type null).
 */
export function onlyListedLibrary<T extends ObjectLiteral>(
  builder: SelectQueryBuilder<T>,
  alias: string,
  templateDetails = false,
): SelectQueryBuilder<T> {
  return builder.andWhere(`${libraryWhere(alias, templateDetails)} AND ${notHiddenWhere(alias)}`, LIBRARY_PARAMETERS);
}

/** Narrows a query to what the caller may read by id: its account's rows, or library items (hidden ones too). */
export function readableBy<T extends ObjectLiteral>(
  builder: SelectQueryBuilder<T>,
  alias: string,
  accountId: string,
  templateDetails = false,
): SelectQueryBuilder<T> {
  return builder.andWhere(`(${alias}.account_id = :accountId OR ${libraryWhere(alias, templateDetails)})`, {
    accountId,
    ...LIBRARY_PARAMETERS,
  });
}

/** `order` of a list, as SQL of the alias. */
export function orderColumn(
  alias: string,
  field: 'createdAt' | 'updatedAt' | 'downloadCount' | 'data.label',
  labelColumn?: string,
): string {
  switch (field) {
    case 'createdAt':
      return `${alias}.created_at`;
    case 'updatedAt':
      return `${alias}.updated_at`;
    case 'downloadCount':
      return `${alias}.download_count`;
    case 'data.label':
      return labelColumn ? `lower(${alias}.${labelColumn})` : `lower(${alias}.data->>'label')`;
  }
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The fields of a projection (`id,data.label,tagIds`) picked from a view: top-level keys, or `data.<key>`. `id`
 * always comes; a field the view does not have is a 400.
 */
export function projector<T extends { id: string; data: object }>(
  fields: string[] | undefined,
  allowed: { top: string[]; data: string[] },
) {
  if (!fields) return (view: T): Partial<T> => view;
  const unknown = fields.filter((field) => {
    const [head, sub, ...rest] = field.split('.');
    if (sub === undefined) return !allowed.top.includes(head);
    return head !== 'data' || rest.length > 0 || !allowed.data.includes(sub);
  });
  if (unknown.length) throw new DomainError('BAD_REQUEST', CatalogueMessages.unknownFields(unknown));
  return (view: T): Partial<T> => {
    const picked: Record<string, unknown> = { id: view.id };
    for (const field of fields) {
      const [head, sub] = field.split('.');
      if (sub === undefined) picked[head] = (view as Record<string, unknown>)[head];
      else picked.data = { ...(picked.data as object | undefined), [sub]: (view.data as Record<string, unknown>)[sub] };
    }
    return picked as Partial<T>;
  };
}

/**
 * The tag ids after a change (spec 5): adding only tags already there is 'No tags to add.', removing only tags not
 * there 'No tags to remove.' (both 400). Unknown tag ids were already refused by the caller ('No tags were found.').
 */
export function changedTagIds(
  current: string[],
  change: { add?: string[]; remove?: string[] },
  messages: { noneToAdd: string; noneToRemove: string } = {
    noneToAdd: CatalogueMessages.noTagsToAdd,
    noneToRemove: CatalogueMessages.noTagsToRemove,
  },
): string[] {
  let next = [...current];
  if (change.add) {
    const fresh = [...new Set(change.add)].filter((id) => !next.includes(id));
    if (!fresh.length) throw new DomainError('BAD_REQUEST', messages.noneToAdd);
    next = [...next, ...fresh];
  }
  if (change.remove) {
    const present = change.remove.filter((id) => next.includes(id));
    if (!present.length) throw new DomainError('BAD_REQUEST', messages.noneToRemove);
    next = next.filter((id) => !present.includes(id));
  }
  return next;
}

export interface ListPage<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}
