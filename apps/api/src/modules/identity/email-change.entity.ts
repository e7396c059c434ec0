import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A requested email change, applied by change-email-finish with the token that was mailed. */
@Entity('email_change')
export class EmailChangeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index({ unique: true })
  @Column({ type: 'text' })
  tokenHash!: string;

  @Column({ type: 'uuid' })
  subjectId!: string;

  @Column({ type: 'text' })
  subjectType!: 'user' | 'multi-user';

  @Column({ type: 'text' })
  newEmail!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
