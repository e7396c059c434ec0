import { Column, Entity, JoinColumn, OneToOne, PrimaryGeneratedColumn } from 'typeorm';
import type { Status } from '@library/contracts';
import { Audited } from './audited.columns';
import { PackageReleaseEntity } from './package-release.entity';

/** A release's system status (PENDING → EXTRACTING → UPLOADED), one row per release. */
@Entity('package_status_details_system')
export class PackageStatusSystemEntity extends Audited {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'text' })
  status!: Status;

  @Column({ type: 'uuid', unique: true })
  packageReleaseRevisionId!: string;

  @OneToOne(() => PackageReleaseEntity, (release) => release.statusDetailsSystem, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'package_release_revision_id' })
  release?: PackageReleaseEntity;

  /** The error of the last failed extraction, shown until the next attempt. */
  @Column({ type: 'text', nullable: true })
  error!: string | null;
}
