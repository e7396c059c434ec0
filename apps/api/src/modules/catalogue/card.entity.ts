import type { CardData, TemplateDetails } from '@library/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CatalogueRow } from './catalogue-row';
import { ViewEntity } from './view.entity';

/**
 * A card of an account (spec 3 Card), or a card template of the library: a template row of the providers account
 * with `template` set and `type` null (spec 5). `card_id` is the card a copy was made from; `view_id` the view
 * holding it. Its tags are the row's `tag_ids` (answered as data.tagIds too).
 */
@Entity('card')
@Index(['isTemplate', 'downloadCount'])
export class CardEntity extends CatalogueRow {
  @Column({ type: 'jsonb', nullable: true })
  template!: TemplateDetails | null;

  @Column({ type: 'text', nullable: true })
  type!: string | null;

  @Column({ type: 'uuid', nullable: true })
  cardId!: string | null;

  @ManyToOne(() => CardEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'card_id' })
  sourceCard?: CardEntity | null;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  viewId!: string | null;

  @ManyToOne(() => ViewEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'view_id' })
  view?: ViewEntity | null;

  @Column({ type: 'jsonb' })
  data!: Omit<CardData, 'tagIds'>;
}
