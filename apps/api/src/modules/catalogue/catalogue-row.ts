import type { CatalogueOrigin } from '@library/contracts';
import { Column, CreateDateColumn, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { AccountEntity } from '../accounts/account.entity';

/**
 * Columns every catalogue thing of the data hub has (spaces, flows, step templates; later cards and views): the
 * owning account, tags, soft delete, library template flag, sandbox, download count and the origin of a copy.
 * A row is a library template when `is_template` is set on a row of the providers account (docs/adr/0011).
 */
export abstract class CatalogueRow {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  @Column({ type: 'uuid', array: true, default: '{}' })
  tagIds!: string[];

  @Column({ type: 'boolean', default: false })
  isDeleted!: boolean;

  @Column({ type: 'boolean', default: false })
  isTemplate!: boolean;

  @Column({ type: 'boolean', default: false })
  sandbox!: boolean;

  @Column({ type: 'integer', default: 0 })
  downloadCount!: number;

  /** What it was copied from: `{ templateId, version }`, set by the copies. */
  @Column({ type: 'jsonb', nullable: true })
  origin!: CatalogueOrigin | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
