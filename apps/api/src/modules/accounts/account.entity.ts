import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('account')
export class AccountEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Short unique handle, e.g. `demo`. */
  @Column({ type: 'text', unique: true })
  name!: string;

  @Column({ type: 'text' })
  label!: string;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  /** Free account data returned by /accounts/{id}/account-data. */
  @Column({ type: 'jsonb', default: {} })
  accountData!: Record<string, unknown>;

  /** Identity-warehouse data, read and patched by SUPER_ADMIN only. */
  @Column({ type: 'jsonb', default: {} })
  idwData!: Record<string, unknown>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
