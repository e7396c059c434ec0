import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { COPY_KINDS, CopyMessages, ViewCopyResult, ViewData, ViewOptionsChange } from '@library/contracts';
import { DataSource } from 'typeorm';
import { RunHandler, RunJobContext, RunJobHandler } from '../runs/run-handler';
import { CardEntity } from './card.entity';
import { libraryTemplateById } from './cards.service';
import { cardCopyRow, copyId, copyOrigin, insertRows } from './copy-rows';
import { ViewEntity } from './view.entity';
import { changedViewOptions } from './views.service';

export interface ViewCopyInput extends Record<string, unknown> {
  /** The library view template. */
  templateId: string;
  /** Options overriding the template's (a parsed ViewOptionsChange), or null. */
  options: ViewOptionsChange | null;
  /** The copies' sandbox flag; null: the template's. */
  sandbox: boolean | null;
}

/**
 * The `view-copy` run (`PUT view-templates`): a library view template → a new view of the run owner's account with
 * copies of its live cards (those of the template's account its `cardIds` hold or whose `viewId` is it), the new
 * view's `cardIds` and `data.cards.items` moved to the copies (a card not copied is dropped from both), the
 * `options` given merged over the template's and normalised. Everything, the template's download count and the
 * run's success commit together; ids are derived from the run id.
 */
@Injectable()
@RunHandler(COPY_KINDS.view)
export class ViewCopyHandler implements RunJobHandler<ViewCopyInput, ViewCopyResult> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(context: RunJobContext<ViewCopyInput>): Promise<ViewCopyResult> {
    const { run, input } = context;
    const accountId = run.ownerAccountId!;
    const manager = this.dataSource.manager;
    const template = await libraryTemplateById(manager.createQueryBuilder(ViewEntity, 'view'), input.templateId).getOne();
    if (!template) throw new Error(CopyMessages.templateGone('view template'));
    const found = await manager
      .createQueryBuilder(CardEntity, 'card')
      .where('card.account_id = :accountId AND NOT card.is_deleted', { accountId: template.accountId })
      .andWhere('(card.view_id = :viewId OR card.id = ANY(CAST(:held AS uuid[])))', { viewId: template.id, held: template.cardIds })
      .orderBy('card.created_at', 'ASC')
      .addOrderBy('card.id', 'ASC')
      .getMany();
    // The template's cardIds order first, then the cards that only name it as their view.
    const position = (card: CardEntity) => {
      const index = template.cardIds.indexOf(card.id);
      return index < 0 ? template.cardIds.length : index;
    };
    const cards = [...found].sort((a, b) => position(a) - position(b));
    await context.progress(30);
    context.signal.throwIfAborted();

    const copiedAt = new Date().toISOString();
    const sandbox = input.sandbox ?? template.sandbox;
    const viewId = copyId(run.id, 'view', template.id);
    const rows = cards.map((card) => cardCopyRow({ requestId: run.id, card, accountId, viewId, sandbox, copiedAt }));
    const moved = new Map(rows.map((row) => [row.cardId!, row.id]));
    const data = ViewData.parse({
      ...template.data,
      data: changedViewOptions(template.data.data, input.options ?? {}),
      cards: {
        items: template.data.cards.items
          .filter((item) => moved.has(item.cardId))
          .map((item) => ({ ...item, cardId: moved.get(item.cardId)! })),
      },
    });
    await context.progress(60);
    context.signal.throwIfAborted();

    return context.transaction(async (tx) => {
      await insertRows(tx, ViewEntity, [
        {
          id: viewId,
          accountId,
          cardIds: rows.map((row) => row.id),
          template: template.template && structuredClone(template.template),
          type: template.type,
          botId: null,
          flowId: null,
          downloadable: false,
          data,
          tagIds: [],
          isTemplate: false,
          sandbox,
          origin: copyOrigin(run.id, template.id, template.template?.version ?? null, copiedAt),
        },
      ]);
      await insertRows(tx, CardEntity, rows);
      // Last, and locking the template's row: one more download per completed copy, committed with the copy.
      await tx.query(`UPDATE view SET download_count = download_count + 1 WHERE id = $1`, [template.id]);
      return context.complete(tx, { viewId, cardIds: rows.map((row) => row.id) });
    });
  }
}
