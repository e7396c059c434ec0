import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { UserRole } from '@library/contracts';
import { AccountEntity } from './account.entity';
import { MultiUserEntity } from './multi-user.entity';
import { TwoFactorColumns } from './two-factor.columns';

@Entity('user')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index()
  @Column({ type: 'uuid' })
  accountId!: string;

  @ManyToOne(() => AccountEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'account_id' })
  account?: AccountEntity;

  /** Sign-in name; stored lower-cased and unique across all accounts. */
  @Column({ type: 'text', unique: true })
  email!: string;

  @Column({ type: 'text' })
  passwordHash!: string;

  @Column({ type: 'text' })
  role!: UserRole;

  @Column({ type: 'boolean', default: true })
  enabled!: boolean;

  @Column({ type: 'text', default: '' })
  firstName!: string;

  @Column({ type: 'text', default: '' })
  lastName!: string;

  @Column({ type: 'text', nullable: true })
  avatarUrl!: string | null;

  @Column({ type: 'text', default: 'local' })
  identityProvider!: string;

  @Column(() => TwoFactorColumns, { prefix: 'two_factor' })
  twoFactor!: TwoFactorColumns;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  multiUserId!: string | null;

  @ManyToOne(() => MultiUserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'multi_user_id' })
  multiUser?: MultiUserEntity | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
