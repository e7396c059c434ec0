import type { ZodTypeAny } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

/** A zod schema as an OpenAPI 3 schema object, inline (no $refs), for Swagger decorators. */
export function toOpenApiSchema(schema: ZodTypeAny): Record<string, unknown> {
  const { $schema: _ignored, ...json } = zodToJsonSchema(schema, { target: 'openApi3', $refStrategy: 'none' }) as Record<string, unknown>;
  return json;
}
