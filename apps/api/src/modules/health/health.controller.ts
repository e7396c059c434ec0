import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { Public } from '../../common/auth/auth.decorators';
import { REDIS } from '../../infra/redis/redis.module';
import { ObjectStorageService } from '../../infra/storage/object-storage.service';

type Check = { status: 'up' | 'down'; error?: string };

async function check(probe: () => Promise<unknown>): Promise<Check> {
  try {
    await probe();
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', error: (error as Error).message };
  }
}

/** GET /health: database, Redis and object store; 503 when any is down. */
@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly storage: ObjectStorageService,
  ) {}

  @Public()
  @Get()
  async health(@Res() response: Response): Promise<void> {
    const [database, redis, objectStore] = await Promise.all([
      check(() => this.dataSource.query('select 1')),
      check(() => this.redis.ping()),
      check(async () => {
        if (!(await this.storage.isReachable())) throw new Error(`bucket ${this.storage.bucket} is not reachable`);
      }),
    ]);
    const checks = { database, redis, objectStore };
    const up = Object.values(checks).every((c) => c.status === 'up');
    response.status(up ? 200 : 503).json({ status: up ? 'ok' : 'error', checks });
  }
}
