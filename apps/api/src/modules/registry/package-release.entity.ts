import {
  Column,
  Entity,
  Index,
  JoinColumn,
  JoinTable,
  ManyToMany,
  ManyToOne,
  OneToMany,
  OneToOne,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import type { PackageType, SchemaType } from '@library/contracts';
import { Audited } from './audited.columns';
import { CategoryEntity } from './category.entity';
import type { PackageDependencyEntity } from './package-dependency.entity';
import type { PackageReleaseDataEntity } from './package-release-data.entity';
import type { PackageStatusReleaseEntity } from './package-status-release.entity';
import type { PackageStatusSystemEntity } from './package-status-system.entity';
import { PackageEntity } from './package.entity';

/** One version of a package (spec 3 PackageRelease), keyed by revisionId. */
@Entity('package_release')
@Unique('package_release_version_unique', ['id', 'version'])
@Index('package_release_id_version_int_index', ['id', 'versionInt'])
@Index('package_release_fts_index', { synchronize: false })
@Index('package_release_trgm_index', { synchronize: false })
export class PackageReleaseEntity extends Audited {
  @PrimaryGeneratedColumn('uuid')
  revisionId!: string;

  /** The package id; indexed with versionInt for "newest version of a package". */
  @Column({ type: 'uuid' })
  id!: string;

  @ManyToOne(() => PackageEntity, (pkg) => pkg.releases, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'id' })
  package?: PackageEntity;

  @Column({ type: 'text' })
  type!: PackageType;

  @Column({ type: 'text' })
  schemaType!: SchemaType;

  @Column({ type: 'text' })
  version!: string;

  /** The version as one sortable number: major * 1e12 + minor * 1e6 + patch. */
  @Column({ type: 'bigint' })
  versionInt!: string;

  @Column({ type: 'boolean', default: false })
  prerelease!: boolean;

  @Column({ type: 'text' })
  label!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  meta!: Record<string, unknown> | null;

  @Column({ type: 'text', nullable: true, default: '' })
  releaseNotesMarkdown!: string | null;

  @Column({ type: 'text', array: true, nullable: true })
  membersAccountIds!: string[] | null;

  @Column({ type: 'text', array: true, nullable: true })
  membersUserIds!: string[] | null;

  @Column({ type: 'text', nullable: true })
  servingType!: string | null;

  /** Where its files are served from; derived when missing (spec 3 "Derived rules"). */
  @Column({ type: 'text', nullable: true })
  baseUrl!: string | null;

  @Column({ type: 'uuid', nullable: true })
  sourceRevisionId!: string | null;

  /** The account and user that own it: USER and ACCOUNT visibility are relative to them. */
  @Index()
  @Column({ type: 'uuid' })
  ownerAccountId!: string;

  @Column({ type: 'uuid' })
  ownerUserId!: string;

  /** Weighted label (A), description (B), categories and tags (C); kept by the registry on every write. */
  @Column({ type: 'tsvector', nullable: true, select: false })
  fts!: string | null;

  /** Lower-cased label, description, categories and tags, for trigram (typo-tolerant) matching. */
  @Column({ type: 'text', default: '', select: false })
  searchText!: string;

  @ManyToMany(() => CategoryEntity, (category) => category.releases)
  @JoinTable({
    name: 'package_release_category',
    joinColumn: { name: 'revision_id', referencedColumnName: 'revisionId' },
    inverseJoinColumn: { name: 'category_id', referencedColumnName: 'id' },
  })
  categories?: CategoryEntity[];

  @OneToOne('PackageReleaseDataEntity', (data: PackageReleaseDataEntity) => data.release)
  releaseData?: PackageReleaseDataEntity;

  @OneToOne('PackageStatusSystemEntity', (status: PackageStatusSystemEntity) => status.release)
  statusDetailsSystem?: PackageStatusSystemEntity;

  @OneToMany('PackageStatusReleaseEntity', (status: PackageStatusReleaseEntity) => status.release)
  statusDetailsRelease?: PackageStatusReleaseEntity[];

  @OneToMany('PackageDependencyEntity', (dependency: PackageDependencyEntity) => dependency.release)
  dependencies?: PackageDependencyEntity[];
}
