import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { PackageReleaseEntity } from './package-release.entity';

/** A release's data as JSON in the database; the same data is kept as a file in the object store. */
@Entity('package_release_data')
export class PackageReleaseDataEntity {
  @PrimaryColumn({ type: 'uuid' })
  revisionId!: string;

  @OneToOne(() => PackageReleaseEntity, (release) => release.releaseData, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'revision_id' })
  release?: PackageReleaseEntity;

  @Column({ type: 'jsonb', nullable: true })
  data!: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
