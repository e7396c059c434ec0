import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomInt, randomUUID } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../../infra/config/config';
import { REDIS } from '../../infra/redis/redis.module';

export interface CaptchaChallenge {
  id: string;
  question: string;
}

const CAPTCHA_TTL_SECONDS = 300;
/** Past this many failures from one address in a window, sign-in is refused outright (429). */
const HARD_LIMIT_FACTOR = 5;

/**
 * Counts failed sign-ins per username and per client address in a sliding window (Redis keys with a TTL).
 * Past the threshold a sign-in needs a solved captcha. The captcha is a small arithmetic challenge kept in
 * Redis and usable once: no outside captcha provider is reachable from this product's machines.
 */
@Injectable()
export class SignInThrottleService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private userKey = (username: string) => `signin:fail:user:${username.toLowerCase()}`;
  private ipKey = (ip: string) => `signin:fail:ip:${ip}`;

  async needsCaptcha(username: string, ip: string): Promise<boolean> {
    const [user, address] = await this.counts(username, ip);
    return user >= this.config.SIGNIN_FAILURES_BEFORE_CAPTCHA || address >= this.config.SIGNIN_FAILURES_PER_IP_BEFORE_CAPTCHA;
  }

  async isBlocked(ip: string): Promise<boolean> {
    const [, address] = await this.counts('', ip);
    return address >= this.config.SIGNIN_FAILURES_PER_IP_BEFORE_CAPTCHA * HARD_LIMIT_FACTOR;
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    const window = this.config.SIGNIN_WINDOW_SECONDS;
    await this.redis
      .multi()
      .incr(this.userKey(username))
      .expire(this.userKey(username), window)
      .incr(this.ipKey(ip))
      .expire(this.ipKey(ip), window)
      .exec();
  }

  async recordSuccess(username: string): Promise<void> {
    await this.redis.del(this.userKey(username));
  }

  async newChallenge(): Promise<CaptchaChallenge> {
    const a = randomInt(2, 20);
    const b = randomInt(2, 20);
    const id = randomUUID();
    await this.redis.set(`captcha:${id}`, String(a + b), 'EX', CAPTCHA_TTL_SECONDS);
    return { id, question: `How much is ${a} + ${b}?` };
  }

  /** A captcha token is `<challenge id>:<answer>`; each challenge can be answered once. */
  async solve(captchaToken: string): Promise<boolean> {
    const [id, answer] = captchaToken.split(':');
    if (!id || answer === undefined) return false;
    const expected = await this.redis.getdel(`captcha:${id}`);
    return expected !== null && expected === answer.trim();
  }

  private async counts(username: string, ip: string): Promise<[number, number]> {
    const [user, address] = await this.redis.mget(this.userKey(username), this.ipKey(ip));
    return [Number(user ?? 0), Number(address ?? 0)];
  }
}
