import type { FlowData } from '@library/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { BotEntity } from './bot.entity';
import { CatalogueRow } from './catalogue-row';

/**
 * A flow of a space (spec 3 Flow): its trees of steps and the step templates they use. `version` counts saves, for
 * the optimistic concurrency of `previousVersion`. `step_template_ids` mirrors data.stepTemplates for the
 * by-step-template queries.
 */
@Entity('flow')
@Index(['isTemplate', 'downloadCount'])
@Index('flow_step_template_ids_gin', { synchronize: false })
export class FlowEntity extends CatalogueRow {
  @Index()
  @Column({ type: 'uuid' })
  botId!: string;

  @ManyToOne(() => BotEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'bot_id' })
  bot?: BotEntity;

  @Column({ type: 'integer', default: 1 })
  version!: number;

  @Column({ type: 'boolean', default: false })
  isStarter!: boolean;

  @Column({ type: 'uuid', array: true, default: '{}' })
  stepTemplateIds!: string[];

  @Column({ type: 'jsonb' })
  data!: FlowData;
}
