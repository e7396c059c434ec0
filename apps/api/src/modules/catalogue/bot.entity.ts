import type { BotData } from '@library/contracts';
import { Column, Entity, Index } from 'typeorm';
import { CatalogueRow } from './catalogue-row';

/** A space (bot) of an account, or a space template of the library (spec 3 Bot/space template). */
@Entity('bot')
@Index(['isTemplate', 'downloadCount'])
export class BotEntity extends CatalogueRow {
  @Column({ type: 'jsonb' })
  data!: BotData;
}
