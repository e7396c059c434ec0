import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { MultiUserEntity } from '../accounts/multi-user.entity';
import { UserEntity } from '../accounts/user.entity';
import type { TokenType } from '@library/contracts';

/** A bearer token. Only its SHA-256 is stored; the token itself is shown once, at sign-in. */
@Entity('session')
export class SessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index({ unique: true })
  @Column({ type: 'text' })
  tokenHash!: string;

  @Column({ type: 'text' })
  tokenType!: TokenType;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  userId!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity | null;

  @Index()
  @Column({ type: 'uuid', nullable: true })
  multiUserId!: string | null;

  @ManyToOne(() => MultiUserEntity, { onDelete: 'CASCADE', nullable: true })
  @JoinColumn({ name: 'multi_user_id' })
  multiUser?: MultiUserEntity | null;

  @Column({ type: 'boolean', default: false })
  expireLong!: boolean;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
