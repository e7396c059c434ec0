import type { StepTemplateData } from '@library/contracts';
import { Column, Entity, Index, JoinColumn, ManyToOne } from 'typeorm';
import { CatalogueRow } from './catalogue-row';
import { FlowEntity } from './flow.entity';

/**
 * A step template (spec 3): a library one (`is_template` on the providers account) or a custom one of an account,
 * of one of its flows when `flow_id` is set. Label and recommended are columns (searched, filtered); the long tail
 * of fields is one JSON document, typed by the StepTemplateData contract.
 */
@Entity('step_template')
@Index(['isTemplate', 'downloadCount'])
export class StepTemplateEntity extends CatalogueRow {
  @Index()
  @Column({ type: 'uuid', nullable: true })
  flowId!: string | null;

  @ManyToOne(() => FlowEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'flow_id' })
  flow?: FlowEntity | null;

  @Column({ type: 'text' })
  label!: string;

  @Column({ type: 'boolean', default: false })
  recommended!: boolean;

  @Column({ type: 'jsonb' })
  data!: Omit<StepTemplateData, 'label' | 'recommended'>;
}
