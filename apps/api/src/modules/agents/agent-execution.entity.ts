import type { ExecutionInput, ExecutionOutput, ExecutionStatus } from '@library/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AgentEntity } from './agent.entity';

/** One execution of an agent: queued when created, succeeded or failed once run; deleted with its agent. */
@Entity('agent_execution')
@Index(['agentId', 'createdAt'])
export class AgentExecutionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'uuid' })
  agentId!: string;

  @ManyToOne(() => AgentEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'agent_id' })
  agent?: AgentEntity;

  @Column({ type: 'text', default: 'queued' })
  status!: ExecutionStatus;

  @Column({ type: 'jsonb' })
  input!: ExecutionInput;

  @Column({ type: 'jsonb', nullable: true })
  output!: ExecutionOutput | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'int', default: 0 })
  runCount!: number;

  @Column({ type: 'timestamptz', nullable: true })
  startedAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
