import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * CreatedBy / ModifiedBy of spec 3: who did something, as (account, user). Registry rows point here with
 * createdById / modifiedById, so a deleted user still leaves a readable trail.
 */
@Entity('actor')
@Unique(['accountId', 'userId'])
export class ActorEntity {
  @PrimaryGeneratedColumn('increment')
  id!: number;

  @Column({ type: 'uuid' })
  accountId!: string;

  @Column({ type: 'uuid' })
  userId!: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt!: Date;
}
