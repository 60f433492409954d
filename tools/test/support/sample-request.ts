/**
 * The smallest valid request for a documented operation, read from the document's own schemas:
 * every required query parameter and body field gets its first enum value, its const, or a
 * plain value of its type — unless the caller names the value (an id to try).
 */
import type { DocumentedOperation } from './openapi-operations';

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export interface SampleRequest {
  url: string;
  body?: unknown;
}

export function sampleRequest(
  document: { components: { schemas: Record<string, JsonSchema>; parameters: Record<string, unknown> } },
  { path, operation }: DocumentedOperation,
  values: Record<string, string>,
): SampleRequest {
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()!]!) : schema;
  const sample = (schema: JsonSchema, name: string): unknown => {
    if (name in values) return values[name];
    const resolved = resolve(schema);
    if (resolved.const !== undefined) return resolved.const;
    if (resolved.enum) return resolved.enum[0];
    if (resolved.anyOf) return sample(resolved.anyOf[0]!, name);
    const type = [resolved.type].flat()[0];
    if (type === 'object') {
      return Object.fromEntries(
        (resolved.required ?? []).map((field) => [field, sample(resolved.properties?.[field] ?? {}, field)]),
      );
    }
    if (type === 'number' || type === 'integer') return resolved.minimum ?? 1;
    if (type === 'boolean') return true;
    return 'sample';
  };

  const url = path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(values[name] ?? 'sample'));
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    const typed = parameter as { name?: string; in?: string; required?: boolean; schema?: JsonSchema };
    if (typed.in === 'query' && typed.required) query.set(typed.name!, String(sample(typed.schema ?? {}, typed.name!)));
  }
  const requestBody = (operation as { requestBody?: { content: Record<string, { schema: JsonSchema }> } }).requestBody;
  const bodySchema = requestBody?.content['application/json']?.schema;
  return {
    url: query.size ? `${url}?${query.toString()}` : url,
    ...(bodySchema ? { body: sample(bodySchema, '') } : {}),
  };
}
