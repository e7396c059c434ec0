import type { DeployProblem, DeploymentStatus } from '@library/contracts';
import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';
import { FlowEntity } from '../catalogue/flow.entity';

/** What a deployed (or refused) deploy recorded: the flow's label and the steps that went live. */
export interface DeploymentResult {
  flowLabel?: string;
  stepCount?: number;
  deleteLambda?: boolean;
  undeployedBy?: string;
  replacedBy?: string;
}

/**
 * A deploy of a flow to an alias (spec 4 "Flow deploy", docs/adr/0013): written `pending` with its run (the request
 * id), then `deployed` or `failed` in the run's success transaction; `undeployed` when replaced by a newer deploy of
 * the same alias or undeployed. At most one live (`deployed`) deployment per (flow, alias): a partial unique index.
 */
@Entity('deployment')
@Index('deployment_live_unique', ['flowId', 'flowAlias'], { unique: true, where: `status = 'deployed'` })
@Index(['accountId', 'role'])
export class DeploymentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Index()
  @Column({ type: 'uuid' })
  flowId!: string;

  @ManyToOne(() => FlowEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'flow_id' })
  flow?: FlowEntity;

  @Column({ type: 'text', default: 'live' })
  flowAlias!: string;

  @Column({ type: 'boolean', default: false })
  interactiveDebug!: boolean;

  @Column({ type: 'text', nullable: true })
  role!: string | null;

  /** The run of the deploy: the request id the check reads. */
  @Index({ unique: true })
  @Column({ type: 'uuid' })
  runId!: string;

  @Column({ type: 'text', default: 'pending' })
  status!: DeploymentStatus;

  @Column({ type: 'jsonb', default: {} })
  result!: DeploymentResult;

  @Column({ type: 'jsonb', default: [] })
  errorData!: DeployProblem[];

  /** The flow's version when it was validated. */
  @Column({ type: 'integer', nullable: true })
  flowVersion!: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  deployedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
