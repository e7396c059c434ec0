import { LoggerService } from '@nestjs/common';

/** Nest's start-up chatter (one line per module and route); kept at debug level so a start shows what matters. */
const BOOT_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Wraps the pino logger: framework start-up lines go to debug, everything else passes through. */
export class QuietBootLogger implements LoggerService {
  constructor(private readonly inner: LoggerService) {}

  log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && BOOT_CONTEXTS.has(context)) this.inner.debug?.(message, ...rest);
    else this.inner.log(message, ...rest);
  }

  error(message: unknown, ...rest: unknown[]): void {
    this.inner.error(message, ...rest);
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.inner.warn(message, ...rest);
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.inner.debug?.(message, ...rest);
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.inner.verbose?.(message, ...rest);
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.inner.fatal?.(message, ...rest);
  }
}
