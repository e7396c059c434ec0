import { Column, Entity, Index, ManyToMany, PrimaryGeneratedColumn } from 'typeorm';
import type { PackageType } from '@library/contracts';
import { Audited } from './audited.columns';
import type { PackageReleaseEntity } from './package-release.entity';

/** A category of packages of one type. Names are trimmed, never UUIDs, unique per type regardless of case. */
@Entity('category')
@Index('category_type_name_unique', { synchronize: false })
export class CategoryEntity extends Audited {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'boolean', default: false })
  hidden!: boolean;

  @Column({ type: 'text' })
  type!: PackageType;

  @ManyToMany('PackageReleaseEntity', (release: PackageReleaseEntity) => release.categories)
  releases?: PackageReleaseEntity[];
}
