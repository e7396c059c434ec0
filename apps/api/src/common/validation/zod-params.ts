import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { ApiBody, ApiParam, ApiQuery, ApiResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import { z, ZodTypeAny } from 'zod';
import { toOpenApiSchema } from '../openapi/zod-to-openapi';

type Source = 'body' | 'query' | 'params';

// Parsing happens once, at the edge: a ZodError thrown here becomes a 400 with zod's own messages.
const ParsedRequestPart = createParamDecorator((input: { source: Source; schema: ZodTypeAny }, context: ExecutionContext) => {
  const request = context.switchToHttp().getRequest<Request>();
  const value = request[input.source] ?? {};
  return input.schema.parse(value);
});

function describedBy(target: object, key: string | symbol | undefined) {
  return Object.getOwnPropertyDescriptor(target, key!)!;
}

function objectShape(schema: ZodTypeAny): Record<string, ZodTypeAny> {
  let inner: ZodTypeAny = schema;
  while (inner instanceof z.ZodEffects) inner = inner.innerType();
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, ZodTypeAny>) : {};
}

/** The request body, parsed with a contract schema and documented in OpenAPI. */
export function ZBody(schema: ZodTypeAny): ParameterDecorator {
  return (target, key, index) => {
    ParsedRequestPart({ source: 'body', schema })(target, key, index);
    ApiBody({ schema: toOpenApiSchema(schema) })(target, key!, describedBy(target, key));
  };
}

/** The query string, parsed with a contract schema and documented in OpenAPI. */
export function ZQuery(schema: ZodTypeAny): ParameterDecorator {
  return (target, key, index) => {
    ParsedRequestPart({ source: 'query', schema })(target, key, index);
    for (const [name, field] of Object.entries(objectShape(schema))) {
      ApiQuery({ name, required: !field.isOptional(), schema: toOpenApiSchema(field) })(target, key!, describedBy(target, key));
    }
  };
}

/** Route parameters, parsed with a contract schema. */
export function ZParams(schema: ZodTypeAny): ParameterDecorator {
  return (target, key, index) => {
    ParsedRequestPart({ source: 'params', schema })(target, key, index);
    for (const [name, field] of Object.entries(objectShape(schema))) {
      ApiParam({ name, required: !field.isOptional(), schema: toOpenApiSchema(field) })(target, key!, describedBy(target, key));
    }
  };
}

/** Documents the success response of a route. */
export function Returns(schema: ZodTypeAny, status = 200): MethodDecorator {
  return ApiResponse({ status, schema: toOpenApiSchema(schema) });
}
