import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { TwoFactorColumns } from './two-factor.columns';

/** One sign-in that reaches several users, at most one per account. */
@Entity('multi_user')
export class MultiUserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'text', unique: true })
  email!: string;

  @Column({ type: 'text' })
  passwordHash!: string;

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

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
