import { z } from 'zod';
import { PROBLEM_CATALOGUE } from '@kadr/http-kit';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema, STATE_CHANGING_METHODS } from '../../08-bff/idempotency-key';
import { ProblemSchema } from './problem-schema';

export type OpenApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiResponse {
  description: string;
  /** The JSON body; omit for a response without one (or with `contentType`). */
  schema?: z.ZodType;
  /** A body that is not JSON (`video/mp4`, `text/event-stream`, `text/plain`…). */
  contentType?: string;
  /** Response headers worth naming (`Location` of a redirect). */
  headers?: Record<string, string>;
}

/** A resource a user owns, named by a path parameter or a body field (`x-owned-resource`). */
export interface OwnedResource {
  kind: 'job' | 'order';
  in: 'path' | 'body';
  name: string;
}

/** One route as it is documented; the schemas are the ones the route validates with. */
export interface OpenApiRoute {
  method: OpenApiMethod;
  /** Public path in OpenAPI form: `/bff/platform/jobs/{id}`. */
  path: string;
  summary: string;
  description?: string;
  tags?: string[];
  operationId?: string;
  /** True when no session is needed (ARCHITECTURE §6). */
  public?: boolean;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Default `application/json`. */
  bodyContentType?: string;
  /** Default true; false when the body may be left out. */
  bodyRequired?: boolean;
  /** Success responses by status. */
  responses: Record<number, OpenApiResponse>;
  /** Problem statuses this route may answer beyond those every route of its kind may (401, 429…). */
  problems?: number[];
  /** Where the request names a resource only its owner may reach; the IDOR matrix puts another user's id there. */
  owned?: OwnedResource;
  /** Changes or destroys data beyond the caller's own (`x-destructive`): fuzzers leave it out. */
  destructive?: boolean;
  /** Answered by a service behind the gateway: 502/503/504 when it does not answer. */
  proxied?: boolean;
  /**
   * False for a server-to-server route that authenticates itself (Tpay's notification): no
   * CSRF token, no Idempotency-Key.
   */
  browserGuards?: boolean;
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
  /** Name of the session cookie, for the security scheme. */
  sessionCookieName: string;
}

const PROBLEM_CONTENT_TYPE = 'application/problem+json';
const CSRF_HEADER = 'X-CSRF-Token';

/**
 * The routes of the public API, for `GET /bff/openapi.json` (OpenAPI 3.1). Routes are added with
 * the zod schemas that validate them; the document is generated from those with zod 4's own
 * JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1). Schemas carrying
 * `.meta({ id })` become named components. Adding a route again (same method and path) replaces
 * it, so the owner of a route can refine what another part registered.
 */
export class OpenApiRegistry {
  readonly #routes = new Map<string, OpenApiRoute>();

  constructor(readonly info: OpenApiInfo) {}

  add(route: OpenApiRoute): this {
    this.#routes.set(`${route.method} ${route.path}`, route);
    return this;
  }

  get routes(): OpenApiRoute[] {
    return [...this.#routes.values()];
  }

  document(): Record<string, unknown> {
    const routes = [...this.#routes.values()].map((route) => ({
      route,
      operationId: route.operationId ?? operationIdOf(route),
    }));

    // Named schemas per side: responses as the server sends them, bodies as the client must send
    // them (defaults and transforms differ). Both share the components namespace; an input
    // component whose name a response component already uses gets an `Input` suffix.
    const outputs = new Map<z.ZodType, string>([[ProblemSchema, 'Problem']]);
    const inputs = new Map<z.ZodType, string>();
    const name = (side: Map<z.ZodType, string>, schema: z.ZodType, fallbackId: string): void => {
      if (!side.has(schema)) side.set(schema, z.globalRegistry.get(schema)?.id ?? fallbackId);
    };
    for (const { route, operationId } of routes) {
      for (const [status, response] of Object.entries(route.responses)) {
        if (response.schema) name(outputs, response.schema, `${capitalise(operationId)}${status}`);
      }
      if (route.body) name(inputs, route.body, `${capitalise(operationId)}Body`);
    }
    const outputSchemas = componentSchemas(outputs, 'output', (id) => id);
    const inputId = (id: string): string => (id in outputSchemas ? `${id}Input` : id);
    const inputSchemas = componentSchemas(inputs, 'input', inputId);

    const paths: Record<string, Record<string, unknown>> = {};
    const problemStatuses = new Set<number>();
    for (const { route, operationId } of routes) {
      const guarded = route.browserGuards !== false;
      const stateChanging = guarded && STATE_CHANGING_METHODS.has(route.method.toUpperCase());
      const needsIdempotencyKey = stateChanging && route.path.startsWith('/bff/');
      const statuses = new Set<number>([429, 500, ...(route.problems ?? [])]);
      if (route.proxied) [502, 503, 504].forEach((status) => statuses.add(status));
      if (!route.public) statuses.add(401);
      if (stateChanging) statuses.add(403);
      if (needsIdempotencyKey) [400, 409, 422].forEach((status) => statuses.add(status));
      if (route.body || route.query || route.params) statuses.add(400);
      // Every state-changing request's body is read (100 kB, also once inflated): too large is a 413.
      if (stateChanging || route.body) statuses.add(413);
      // A query string is part of the request line, which counts against the header limit: a longer one is a 431.
      if (route.query) statuses.add(431);
      statuses.forEach((status) => problemStatuses.add(status));

      const responses: Record<string, unknown> = {};
      for (const [status, response] of Object.entries(route.responses)) {
        responses[status] = {
          description: response.description,
          ...(response.headers
            ? {
                headers: Object.fromEntries(
                  Object.entries(response.headers).map(([header, description]) => [
                    header,
                    { description, schema: { type: 'string' } },
                  ]),
                ),
              }
            : {}),
          ...(response.schema
            ? {
                content: {
                  [response.contentType ?? 'application/json']: {
                    schema: { $ref: `${SCHEMAS}${outputs.get(response.schema)!}` },
                  },
                },
              }
            : response.contentType
              ? { content: { [response.contentType]: { schema: {} } } }
              : {}),
        };
      }
      for (const status of [...statuses].sort()) {
        // A status the route documents itself and also lists in `problems` (an HTML page for a browser, the
        // problem otherwise): both bodies, under the route's description. Otherwise the problem, as always.
        const own = route.problems?.includes(status)
          ? (responses[String(status)] as { description: string; content?: Record<string, unknown> } | undefined)
          : undefined;
        responses[String(status)] = own
          ? { ...own, content: { ...own.content, [PROBLEM_CONTENT_TYPE]: { schema: { $ref: `${SCHEMAS}Problem` } } } }
          : { $ref: `#/components/responses/Problem${status}` };
      }

      const parameters = [
        ...parametersOf(route.params, 'path'),
        ...parametersOf(route.query, 'query'),
        ...(stateChanging ? [{ $ref: '#/components/parameters/CsrfToken' }] : []),
        ...(needsIdempotencyKey ? [{ $ref: '#/components/parameters/IdempotencyKey' }] : []),
      ];
      paths[route.path] ??= {};
      paths[route.path]![route.method] = {
        operationId,
        summary: route.summary,
        ...(route.description ? { description: route.description } : {}),
        ...(route.tags ? { tags: route.tags } : {}),
        ...(route.owned ? { 'x-owned-resource': route.owned } : {}),
        ...(route.destructive ? { 'x-destructive': true } : {}),
        security: route.public ? [{}, { session: [] }] : [{ session: [] }],
        ...(parameters.length ? { parameters } : {}),
        ...(route.body
          ? {
              requestBody: {
                required: route.bodyRequired ?? true,
                content: {
                  [route.bodyContentType ?? 'application/json']: {
                    schema: { $ref: `${SCHEMAS}${inputId(inputs.get(route.body)!)}` },
                  },
                },
              },
            }
          : {}),
        responses,
      };
    }

    return {
      openapi: '3.1.0',
      info: {
        title: this.info.title,
        version: this.info.version,
        ...(this.info.description ? { description: this.info.description } : {}),
      },
      paths,
      components: {
        schemas: { ...outputSchemas, ...inputSchemas },
        responses: Object.fromEntries(
          [...problemStatuses].sort().map((status) => [`Problem${status}`, problemResponse(status)]),
        ),
        parameters: {
          IdempotencyKey: {
            name: IDEMPOTENCY_KEY_HEADER,
            in: 'header',
            required: true,
            description:
              'Required on every state-changing /bff request. Same key and same request within 24 h: the first answer is replayed with `Idempotent-Replayed: true`; same key, other request: 422; first still running: 409.',
            schema: inlineInputSchema(IdempotencyKeySchema),
          },
          CsrfToken: {
            name: CSRF_HEADER,
            in: 'header',
            required: true,
            description: 'The CSRF token of the session (from its readable cookie).',
            schema: { type: 'string' },
          },
        },
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: this.info.sessionCookieName },
        },
      },
    };
  }
}

const SCHEMAS = '#/components/schemas/';
const SHARED = '__shared';

/**
 * JSON Schemas of the named schemas, one component each. Schemas nested in them that carry their
 * own `.meta({ id })` come out of zod under `__shared.$defs`; they become components too, and
 * references to them are rewritten to point there.
 */
function componentSchemas(
  named: Map<z.ZodType, string>,
  io: 'input' | 'output',
  componentId: (id: string) => string,
): Record<string, unknown> {
  if (named.size === 0) return {};
  const registry = z.registry<{ id: string }>();
  for (const [schema, id] of named) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    uri: (id) => (id === SHARED ? `${SCHEMAS}${SHARED}` : `${SCHEMAS}${componentId(id)}`),
  });
  const { [SHARED]: shared, ...own } = schemas;
  const all = { ...((shared as { $defs?: Record<string, object> } | undefined)?.$defs ?? {}), ...own };
  const sharedRef = new RegExp(`^(?:${SCHEMAS}${SHARED})?#/\\$defs/(.+)$`);
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => {
        const match = key === '$ref' && typeof inner === 'string' ? sharedRef.exec(inner) : null;
        return [key, match ? `${SCHEMAS}${componentId(match[1]!)}` : rewrite(inner)];
      }),
    );
  };
  return Object.fromEntries(
    Object.entries(all).map(([id, schema]) => [componentId(id), rewrite(withoutIdentity(schema))]),
  );
}

function parametersOf(schema: z.ZodObject | undefined, location: 'path' | 'query'): Record<string, unknown>[] {
  if (!schema) return [];
  const json = inlineInputSchema(schema) as { properties?: Record<string, unknown>; required?: string[] };
  return Object.entries(json.properties ?? {}).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || (json.required ?? []).includes(name),
    schema: property,
  }));
}

/** A parameter's schema, inline, as the client must send it (input side of transforms and defaults). */
function inlineInputSchema(schema: z.ZodType): Record<string, unknown> {
  return withoutIdentity(z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }));
}

function withoutIdentity(schema: object): Record<string, unknown> {
  const { $schema: _schema, $id: _id, ...rest } = schema as Record<string, unknown>;
  return rest;
}

function problemResponse(status: number): Record<string, unknown> {
  const reasons = Object.entries(PROBLEM_CATALOGUE)
    .filter(([, entry]) => entry.status === status)
    .map(([reason]) => `\`${reason}\``);
  const extra = status === 503 ? ' (the circuit breaker answers title "Temporarily unavailable")' : '';
  return {
    description: `Problem details (RFC 9457); reasons: ${reasons.join(', ') || 'see the catalogue'}${extra}.`,
    ...(status === 429
      ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer', minimum: 1 } } } }
      : {}),
    content: { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } },
  };
}

function operationIdOf(route: OpenApiRoute): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment
        .replace(/[{}]/g, '')
        .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase()),
    );
  return route.method + words.map(capitalise).join('');
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
