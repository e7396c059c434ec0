import { Column, CreateDateColumn, UpdateDateColumn } from 'typeorm';

/** createdById / modifiedById (actor ids) and timestamps, shared by the registry's entities. */
export abstract class Audited {
  @Column({ type: 'int', nullable: true })
  createdById!: number | null;

  @Column({ type: 'int', nullable: true })
  modifiedById!: number | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt!: Date;
}
