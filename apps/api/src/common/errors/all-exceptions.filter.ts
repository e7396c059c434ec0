import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { ErrorBody } from '@library/contracts';
import { Messages } from '@library/contracts';
import type { Response } from 'express';
import { ZodError } from 'zod';
import { DomainError } from './domain-error';

/** Builds the one error body every error response carries: `{ statusCode, error, message, issues? }`. */
export function toErrorBody(exception: unknown): ErrorBody {
  if (exception instanceof ZodError) {
    const issues = exception.issues.map((issue) => ({ path: issue.path, message: issue.message, code: issue.code }));
    const message = issues.map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; ');
    return { statusCode: 400, error: reason(400), message, issues };
  }
  if (exception instanceof DomainError) {
    return { statusCode: exception.status, error: reason(exception.status), message: exception.message };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message = typeof response === 'string' ? response : String((response as { message?: unknown }).message ?? exception.message);
    return { statusCode: status, error: reason(status), message };
  }
  if (isBodyParserError(exception)) {
    return { statusCode: exception.status, error: reason(exception.status), message: exception.message };
  }
  return { statusCode: 500, error: reason(500), message: Messages.internal };
}

function isBodyParserError(error: unknown): error is { status: number; message: string } {
  const candidate = error as { status?: unknown; type?: unknown };
  return typeof candidate?.status === 'number' && candidate.status >= 400 && candidate.status < 500 && typeof candidate.type === 'string';
}

function reason(status: number): string {
  return (HttpStatus[status] ?? 'Error')
    .toString()
    .split('_')
    .map((word) => word.charAt(0) + word.slice(1).toLowerCase())
    .join(' ');
}

@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const body = toErrorBody(exception);
    if (body.statusCode >= 500) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    response.status(body.statusCode).json(body);
  }
}
