import { Global, Module } from '@nestjs/common';
import { QueueService } from './queue.service';

/** BullMQ queues and workers under the app's Redis prefix (see QueueService). */
@Global()
@Module({ providers: [QueueService], exports: [QueueService] })
export class QueueModule {}
