import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PackageType } from '@library/contracts';
import { PackageReleaseEntity } from './package-release.entity';

/** Something a release needs: another package (type + value, e.g. a package id or id@version). */
@Entity('package_dependency')
export class PackageDependencyEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  type!: PackageType;

  @Column({ type: 'text' })
  value!: string;

  @Index()
  @Column({ type: 'uuid' })
  packageReleaseRevisionId!: string;

  @ManyToOne(() => PackageReleaseEntity, (release) => release.dependencies, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'package_release_revision_id' })
  release?: PackageReleaseEntity;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
