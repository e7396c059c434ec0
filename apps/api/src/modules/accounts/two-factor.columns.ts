import { Column } from 'typeorm';

/** TOTP state embedded in users and multi-users. Recovery codes (40 random bits each) are kept as SHA-256 hashes and burn on use. */
export class TwoFactorColumns {
  @Column({ type: 'boolean', default: false })
  enabled!: boolean;

  @Column({ type: 'text', nullable: true })
  secret!: string | null;

  @Column({ type: 'jsonb', default: [] })
  recoveryCodeHashes!: string[];
}
