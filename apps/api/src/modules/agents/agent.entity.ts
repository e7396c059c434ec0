import type { AgentAction, AgentModel, KnowledgeItem } from '@library/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { UserEntity } from '../accounts/user.entity';

/**
 * An agent of an account (spec 3 Agent). Names are unique per account regardless of case (the expression index
 * `agent_account_name_unique` on (account_id, lower(name)) lives in the migration). Actions are kept by name in one
 * JSON list, so an agent and its actions are read and written together.
 */
@Entity('agent')
@Index('agent_account_name_unique', { synchronize: false })
export class AgentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Column({ type: 'uuid', nullable: true })
  createdById!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy?: UserEntity | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'text', nullable: true })
  image!: string | null;

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

  /** The template it was copied from, if any: `{ templateId }`. */
  @Column({ type: 'jsonb', nullable: true })
  origin!: { templateId: string } | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
