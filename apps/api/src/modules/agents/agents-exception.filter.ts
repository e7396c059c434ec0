import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { AgentMessages } from '@library/contracts';
import type { Response } from 'express';
import { toErrorBody } from '../../common/errors/all-exceptions.filter';

/**
 * The agents service's error body (spec 8): the app's one body, except that every 401 (no token, a bad or expired
 * one, thrown by the app-wide auth guard) says 'We are not able to authenticate you'. Bound to this service's
 * controllers only, so the rest of the app keeps its own auth messages.
 */
@Catch()
export class AgentsExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const body = toErrorBody(exception);
    if (body.statusCode === 401) body.message = AgentMessages.unauthenticated;
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }
}
