import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * The truth about one long operation (copy, install, deploy, extraction, migration). BullMQ only carries
 * the work; state, progress and the machine snapshot live here and change in the same transaction as the
 * domain change they describe.
 */
@Entity('run')
@Index(['ownerAccountId', 'createdAt'])
export class RunEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** What the run does, e.g. `release-extraction`; names its queue and handler. */
  @Column({ type: 'text' })
  kind!: string;

  @Column({ type: 'uuid', nullable: true })
  ownerAccountId!: string | null;

  @Column({ type: 'uuid', nullable: true })
  ownerUserId!: string | null;

  /** The machine's state value, e.g. `queued`, `running`, `succeeded`, `failed`, `cancelled`. */
  @Index()
  @Column({ type: 'text' })
  state!: string;

  @Column({ type: 'int', default: 0 })
  progress!: number;

  /** The persisted xstate snapshot, and the machine version that wrote it. */
  @Column({ type: 'jsonb', nullable: true })
  snapshot!: unknown;

  @Column({ type: 'int', default: 1 })
  snapshotVersion!: number;

  @Column({ type: 'jsonb', default: {} })
  input!: Record<string, unknown>;

  @Column({ type: 'jsonb', nullable: true })
  output!: unknown;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'int', default: 0 })
  attempts!: number;

  /** Last sign of life from the worker running it; the sweeper fails runs whose worker went quiet. */
  @Column({ type: 'timestamptz', nullable: true })
  heartbeatAt!: Date | null;

  @Column({ type: 'timestamptz', nullable: true })
  finishedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
