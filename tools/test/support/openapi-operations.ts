/**
 * Reading the public API document: its operations, which operation a request is, and the routes
 * an express app really has (to compare the two).
 */
import type http from 'node:http';

export interface DocumentedOperation {
  method: string;
  /** OpenAPI form: `/bff/platform/jobs/{id}`. */
  path: string;
  operation: {
    operationId: string;
    parameters?: { $ref?: string; name?: string; in?: string }[];
    responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
    'x-owned-resource'?: { kind: 'job' | 'order'; in: 'path' | 'body'; name: string };
    'x-destructive'?: boolean;
  };
}

export type OpenApiDocument = { paths: Record<string, Record<string, DocumentedOperation['operation']>> };

export function operationsOf(document: OpenApiDocument): DocumentedOperation[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

const templateRegExp = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`);

/** The documented operation a request is, by method and path (query ignored); literal paths win over templates. */
export function findOperation(
  operations: DocumentedOperation[],
  method: string,
  url: string,
): DocumentedOperation | undefined {
  const path = url.split('?')[0]!;
  const candidates = operations.filter((op) => op.method === method && templateRegExp(op.path).test(path));
  return candidates.find((op) => !op.path.includes('{')) ?? candidates[0];
}

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  rawPath?: unknown;
}

/**
 * Every route of an express 5 app as `METHOD /path` in OpenAPI form (`:id` → `{id}`), mounted
 * routers included (their mount path prefixed).
 */
export function expressRoutes(handler: http.RequestListener): string[] {
  const app = handler as unknown as { router?: { stack: Layer[] } };
  if (!app.router) return [];
  const found: string[] = [];
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const path of [layer.route.path].flat()) {
          const openApiPath = `${prefix}${path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all') found.push(`${method.toUpperCase()} ${openApiPath}`);
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk(app.router.stack, '');
  return [...new Set(found)];
}
