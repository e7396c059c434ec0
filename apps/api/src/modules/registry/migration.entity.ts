import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { MigrationStatus } from '@library/contracts';

/** A registry data migration started by a SUPER_ADMIN (spec 3 Migration); its work runs as a run. */
@Entity('registry_migration')
export class RegistryMigrationEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Which migration: e.g. `rederive-release-fields`. */
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  status!: MigrationStatus;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  /** Process id of the worker that ran it. */
  @Column({ type: 'int', nullable: true })
  pid!: number | null;

  @Column({ type: 'uuid', nullable: true })
  runId!: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
