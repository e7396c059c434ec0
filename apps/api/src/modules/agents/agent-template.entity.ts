import type { AgentAction, AgentModel, KnowledgeItem } from '@library/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { UserEntity } from '../accounts/user.entity';

/**
 * An agent template of the library, visible to every signed-in user: the agent itself plus what its install copies
 * (the install dialog of spec 2: spaces, flows, relational DB, lookup collections, connected resources, tables).
 * Names are unique regardless of case (expression index `agent_template_name_unique`, in the migration).
 */
@Entity('agent_template')
@Index('agent_template_name_unique', { synchronize: false })
export class AgentTemplateEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text', default: '' })
  longDescription!: string;

  @Column({ type: 'text', nullable: true })
  image!: string | null;

  @Column({ type: 'jsonb', default: [] })
  tags!: string[];

  @Column({ type: 'text', default: '' })
  objective!: string;

  @Column({ type: 'text', default: '' })
  primer!: string;

  @Column({ type: 'jsonb', default: [] })
  actions!: AgentAction[];

  @Column({ type: 'jsonb' })
  model!: AgentModel;

  @Column({ type: 'jsonb', default: [] })
  knowledge!: KnowledgeItem[];

  @Column({ type: 'jsonb', default: [] })
  spaces!: string[];

  @Column({ type: 'jsonb', default: [] })
  flows!: string[];

  @Column({ type: 'jsonb', default: [] })
  relationalDb!: string[];

  @Column({ type: 'jsonb', default: [] })
  lookupCollections!: string[];

  @Column({ type: 'jsonb', default: [] })
  connectedResources!: string[];

  @Column({ type: 'jsonb', default: [] })
  tables!: string[];

  @Column({ type: 'int', default: 0 })
  downloadCount!: number;

  @Column({ type: 'uuid', nullable: true })
  createdById!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy?: UserEntity | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
