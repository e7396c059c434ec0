import { Column, Entity, Index, JoinColumn, ManyToOne, OneToMany, OneToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { Audited } from './audited.columns';

/** Where releases are published from: a user-owned source with branches of revisions (spec 3). */
@Entity('source')
export class SourceEntity extends Audited {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  label!: string;

  /** Free text: the spec does not list source types. */
  @Column({ type: 'text' })
  type!: string;

  @Index()
  @Column({ type: 'uuid' })
  ownerAccountId!: string;

  @Column({ type: 'uuid' })
  ownerUserId!: string;

  @OneToMany(() => SourceBranchEntity, (branch) => branch.source)
  branches?: SourceBranchEntity[];

  @OneToOne(() => SourceMembersEntity, (members) => members.source)
  members?: Relation<SourceMembersEntity>;
}

@Entity('source_branch')
export class SourceBranchEntity extends Audited {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  label!: string;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ type: 'text', nullable: true })
  publishedVersion!: string | null;

  @Column({ type: 'uuid', nullable: true })
  parentRevisionId!: string | null;

  @Index()
  @Column({ type: 'uuid' })
  sourceId!: string;

  @ManyToOne(() => SourceEntity, (source) => source.branches, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'source_id' })
  source?: SourceEntity;
}

@Entity('source_revision')
export class SourceRevisionEntity extends Audited {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ type: 'uuid' })
  sourceBranchId!: string;

  @ManyToOne(() => SourceBranchEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'source_branch_id' })
  branch?: SourceBranchEntity;

  @Column({ type: 'uuid' })
  sourceId!: string;

  @Column({ type: 'jsonb', default: {} })
  packageMeta!: Record<string, unknown>;

  @Column({ type: 'jsonb', default: {} })
  meta!: Record<string, unknown>;

  @Column({ type: 'jsonb', nullable: true })
  data!: unknown;
}

@Entity('source_members')
export class SourceMembersEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text', array: true, default: '{}' })
  accountId!: string[];

  @Column({ type: 'text', array: true, default: '{}' })
  userId!: string[];

  @Column({ type: 'uuid', unique: true })
  sourceId!: string;

  @OneToOne(() => SourceEntity, (source) => source.members, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'source_id' })
  source?: SourceEntity;
}
