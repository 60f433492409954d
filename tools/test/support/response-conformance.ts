/**
 * Whether an answer is one the public API document allows: a documented operation, a documented
 * status, and a body that the operation's own zod schema (the one the document was generated
 * from) accepts — problem details against the problem schema.
 */
import type { OpenApiRegistry } from '../../../services/auth-gateway/src/entry-points/http/09-gateway-routes/openapi/openapi-registry';
import { ProblemSchema } from '../../../services/auth-gateway/src/entry-points/http/09-gateway-routes/openapi/problem-schema';
import type { Exchange } from './api-client';
import { findOperation, operationsOf, type OpenApiDocument } from './openapi-operations';

export class ResponseConformance {
  readonly violations: string[] = [];
  /** `METHOD /path/{template} status` of every answer checked. */
  readonly seen = new Set<string>();
  readonly #operations;

  constructor(
    private readonly registry: OpenApiRegistry,
    document: OpenApiDocument,
  ) {
    this.#operations = operationsOf(document);
  }

  check = (exchange: Exchange): void => {
    const problem = this.problemWith(exchange);
    if (problem) this.violations.push(`${exchange.method} ${exchange.url} → ${exchange.status}: ${problem}`);
  };

  private problemWith({ method, url, status, contentType, body }: Exchange): string | null {
    const documented = findOperation(this.#operations, method, url);
    if (!documented) return 'no such operation in the document';
    this.seen.add(`${method} ${documented.path} ${status}`);
    if (!documented.operation.responses[String(status)]) return 'status not documented';
    if (contentType === 'application/problem+json') {
      const parsed = ProblemSchema.safeParse(body);
      return parsed.success ? null : `problem body: ${parsed.error.message}`;
    }
    const route = this.registry.routes.find((r) => r.method === method.toLowerCase() && r.path === documented.path);
    const response = route?.responses[status];
    if (!response) return `answered ${contentType || 'no body'} where problem details are documented`;
    if (response.schema) {
      if (contentType !== 'application/json') return `content type ${contentType}, documented application/json`;
      const parsed = response.schema.safeParse(body);
      return parsed.success ? null : `body: ${parsed.error.message}`;
    }
    if (response.contentType && contentType !== response.contentType) {
      return `content type ${contentType}, documented ${response.contentType}`;
    }
    return null;
  }
}
