import { NotFoundException } from '@nestjs/common';
import { z } from 'zod';
import { toErrorBody } from '../all-exceptions.filter';
import { DomainError } from '../domain-error';

describe('toErrorBody', () => {
  it("turns a ZodError into a 400 with zod's messages and their paths", () => {
    const result = z
      .object({ name: z.string(), kind: z.enum(['a', 'b']) })
      .strict()
      .safeParse({ name: 1, kind: 'c', extra: true });
    const body = toErrorBody(result.error);
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toBe(
      "name: Expected string, received number; kind: Invalid enum value. Expected 'a' | 'b', received 'c'; Unrecognized key(s) in object: 'extra'",
    );
    expect(body.issues).toHaveLength(3);
  });

  it('maps domain codes to their status and default message', () => {
    expect(toErrorBody(new DomainError('GUEST_NOT_ALLOWED'))).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Authorization for guests is not allowed',
    });
    expect(toErrorBody(new DomainError('CONFLICT', 'Taken'))).toEqual({ statusCode: 409, error: 'Conflict', message: 'Taken' });
  });

  it("keeps Nest's HTTP exceptions (unknown routes) in the same body", () => {
    expect(toErrorBody(new NotFoundException('Cannot GET /nope'))).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'Cannot GET /nope',
    });
  });

  it('reports body-parser errors as the 4xx they are', () => {
    const parserError = Object.assign(new SyntaxError('Unexpected end of JSON input'), { status: 400, type: 'entity.parse.failed' });
    expect(toErrorBody(parserError)).toMatchObject({ statusCode: 400, message: 'Unexpected end of JSON input' });
  });

  it('hides the details of unexpected errors', () => {
    expect(toErrorBody(new Error('connection string with password'))).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal server error',
    });
  });
});
