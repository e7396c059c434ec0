import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CardCopyResult, COPY_KINDS, CopyMessages } from '@library/contracts';
import { DataSource } from 'typeorm';
import { RunHandler, RunJobContext, RunJobHandler } from '../runs/run-handler';
import { CardEntity } from './card.entity';
import { libraryTemplateById } from './cards.service';
import { cardCopyRow, insertRows } from './copy-rows';
import { ViewEntity } from './view.entity';

export interface CardCopyInput extends Record<string, unknown> {
  /** The library card template. */
  templateId: string;
  /** A view of the run owner's account to hold the copy, or null. */
  viewId: string | null;
  /** The copy's sandbox flag; null: the template's. */
  sandbox: boolean | null;
}

/**
 * The `card-copy` run (`PUT card-templates`): a library card template → a new card of the run owner's account
 * (template details and type kept, `cardId` the template, origin recorded), optionally held by one of its views
 * (the view's `cardIds` gets it, the card's `viewId` is it). The card, the view's change, the template's download
 * count and the run's success commit together; the card's id is derived from the run id.
 */
@Injectable()
@RunHandler(COPY_KINDS.card)
export class CardCopyHandler implements RunJobHandler<CardCopyInput, CardCopyResult> {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async handle(context: RunJobContext<CardCopyInput>): Promise<CardCopyResult> {
    const { run, input } = context;
    const accountId = run.ownerAccountId!;
    const template = await libraryTemplateById(this.dataSource.manager.createQueryBuilder(CardEntity, 'card'), input.templateId).getOne();
    if (!template) throw new Error(CopyMessages.templateGone('card template'));
    const row = cardCopyRow({
      requestId: run.id,
      card: template,
      accountId,
      viewId: input.viewId,
      sandbox: input.sandbox ?? template.sandbox,
      copiedAt: new Date().toISOString(),
    });
    await context.progress(50);
    context.signal.throwIfAborted();

    return context.transaction(async (tx) => {
      if (input.viewId) {
        const view = await tx.findOne(ViewEntity, { where: { id: input.viewId, accountId }, lock: { mode: 'pessimistic_write' } });
        if (!view) throw new Error(CopyMessages.targetGone('view'));
      }
      await insertRows(tx, CardEntity, [row]);
      if (input.viewId) {
        await tx.query(
          `UPDATE view SET card_ids = array_append(card_ids, $1) WHERE id = $2 AND account_id = $3 AND NOT ($1 = ANY(card_ids))`,
          [row.id, input.viewId, accountId],
        );
      }
      await tx.query(`UPDATE card SET download_count = download_count + 1 WHERE id = $1`, [template.id]);
      return context.complete(tx, { cardId: row.id, viewId: input.viewId });
    });
  }
}
