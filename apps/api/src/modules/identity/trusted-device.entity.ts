import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A browser fingerprint for which two-factor was remembered ("remember this device"). */
@Entity('trusted_device')
@Index(['subjectId', 'fingerprintHash'], { unique: true })
export class TrustedDeviceEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The user or multi-user id the device is trusted for. */
  @Column({ type: 'uuid' })
  subjectId!: string;

  @Column({ type: 'text' })
  fingerprintHash!: string;

  @Column({ type: 'timestamptz' })
  expiresAt!: Date;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
