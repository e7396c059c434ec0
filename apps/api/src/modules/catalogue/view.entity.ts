import type { TemplateDetails, ViewData } from '@library/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BotEntity } from './bot.entity';
import { CatalogueRow } from './catalogue-row';
import { FlowEntity } from './flow.entity';

/**
 * A view of an account (a board of cards, spec 3 View), or a view template of the library: a template row of the
 * providers account with `template` set and `type` null (spec 5). `downloadable`: offered by its account for
 * download (`GET/PUT downloadable-views`).
 */
@Entity('view')
@Index(['isTemplate', 'downloadCount'])
export class ViewEntity extends CatalogueRow {
  @Column({ type: 'uuid', array: true, default: '{}' })
  cardIds!: string[];

  @Column({ type: 'jsonb', nullable: true })
  template!: TemplateDetails | null;

  @Column({ type: 'text', nullable: true })
  type!: string | null;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  botId!: string | null;

  @ManyToOne(() => BotEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'bot_id' })
  bot?: BotEntity | null;

  @Column({ type: 'uuid', nullable: true })
  flowId!: string | null;

  @ManyToOne(() => FlowEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'flow_id' })
  flow?: FlowEntity | null;

  @Column({ type: 'boolean', default: false })
  downloadable!: boolean;

  @Column({ type: 'jsonb' })
  data!: ViewData;
}
