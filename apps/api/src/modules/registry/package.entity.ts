import { Column, Entity, Index, OneToMany, PrimaryColumn } from 'typeorm';
import type { PackageType } from '@library/contracts';
import { Audited } from './audited.columns';
import type { PackageReleaseEntity } from './package-release.entity';

/** A package: the versions live in its releases. */
@Entity('package')
export class PackageEntity extends Audited {
  /** Chosen by the publisher (add-package body `id`), a UUID. */
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index()
  @Column({ type: 'text' })
  type!: PackageType;

  /** The newest release by versionInt, kept up to date on every add and delete so "latest per package" never scans. */
  @Column({ type: 'uuid', nullable: true })
  latestRevisionId!: string | null;

  /** Downloads of any of its releases' archives: what "popular" ranks by. */
  @Column({ type: 'bigint', default: 0 })
  downloadCount!: string;

  @OneToMany('PackageReleaseEntity', (release: PackageReleaseEntity) => release.package)
  releases?: PackageReleaseEntity[];
}
