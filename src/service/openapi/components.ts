import { z } from 'zod';
// Importing the domain registers every schema that carries a `.meta({ id })`.
import '../../shared/domain/envelope.ts';

/**
 * `components.schemas` generated from the domain's zod schemas (the single source of
 * truth), as JSON Schema 2020-12, which OpenAPI 3.1 uses as is. Each named schema is
 * referenced as `#/components/schemas/<id>`.
 */
export function schemaComponents(): Record<string, unknown> {
  const { schemas } = z.toJSONSchema(z.globalRegistry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
  });
  return Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
      return [id, rest];
    }),
  );
}
