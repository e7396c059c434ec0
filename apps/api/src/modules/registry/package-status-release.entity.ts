import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import type { Level, Status } from '@library/contracts';
import { Audited } from './audited.columns';
import { PackageReleaseEntity } from './package-release.entity';

/** A release's release status at one visibility level (USER, ACCOUNT, PDE). */
@Entity('package_status_details_release')
@Unique('package_status_release_level_unique', ['packageReleaseRevisionId', 'level'])
export class PackageStatusReleaseEntity extends Audited {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'text' })
  status!: Status;

  @Column({ type: 'text' })
  level!: Level;

  @Column({ type: 'uuid' })
  packageReleaseRevisionId!: string;

  @ManyToOne(() => PackageReleaseEntity, (release) => release.statusDetailsRelease, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'package_release_revision_id' })
  release?: PackageReleaseEntity;
}
