import request from 'supertest';
import { z } from 'zod';
import { createGatewayOpenApi } from '../../src/entry-points/http';
import { createTestGateway } from './helpers/test-gateway';

/** Every `$ref` of the document, and whether it points at something that exists. */
function unresolvedRefs(document: unknown): string[] {
  const refs: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string') refs.push(inner);
        else walk(inner);
      }
    }
  };
  walk(document);
  return refs.filter((ref) => {
    if (!ref.startsWith('#/')) return true;
    let node: unknown = document;
    for (const part of ref.slice(2).split('/')) {
      node = (node as Record<string, unknown> | undefined)?.[part];
    }
    return node === undefined;
  });
}

describe('GET /bff/openapi.json', () => {
  it('is an OpenAPI 3.1 document of the gateway-owned routes, generated from their zod schemas', async () => {
    const gateway = createTestGateway();
    try {
      const res = await request(gateway.app).get('/bff/openapi.json');
      expect(res.status).toBe(200);
      const doc = res.body;
      expect(doc.openapi).toBe('3.1.0');
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/auth/session',
          '/bff/platform/api/auth/me',
          '/bff/platform/api/users/me/summary',
          '/bff/platform/api/flags',
        ]),
      );
      const summary = doc.paths['/bff/platform/api/users/me/summary'].get;
      expect(summary.responses['200'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/UserSummary',
      });
      expect(summary.responses['401']).toEqual({ $ref: '#/components/responses/Problem401' });
      expect(doc.components.schemas.UserSummary.properties.data.properties.tier.enum).toEqual([
        'FREE',
        'PRO',
        'ENTERPRISE',
      ]);
      expect(doc.components.responses.Problem429.content['application/problem+json'].schema).toEqual({
        $ref: '#/components/schemas/Problem',
      });
      expect(doc.components.responses.Problem429.headers['Retry-After']).toBeDefined();
      expect(doc.paths['/bff/platform/api/flags'].get.security).toEqual([{}, { session: [] }]);
      expect(unresolvedRefs(doc)).toEqual([]);
    } finally {
      await gateway.close();
    }
  });

  it('documents what other routes register: parameters, bodies, Idempotency-Key and CSRF on state changes', () => {
    const Prompt = z.object({ text: z.string().min(1) }).meta({ id: 'Prompt' });
    const CreateJob = z.object({
      prompt: Prompt,
      durationSeconds: z.union([z.literal(5), z.literal(10), z.literal(15)]).default(5),
    });
    const Job = z.object({ data: z.object({ id: z.string(), prompt: Prompt }) });
    const registry = createGatewayOpenApi()
      .add({
        method: 'post',
        path: '/bff/platform/jobs',
        summary: 'Create a job',
        body: CreateJob,
        responses: { 201: { description: 'Created', schema: Job } },
        problems: [402],
      })
      .add({
        method: 'get',
        path: '/bff/platform/jobs/{id}',
        summary: 'One job',
        params: z.object({ id: z.string() }),
        query: z.object({ expand: z.enum(['events']).optional() }),
        responses: { 200: { description: 'The job', schema: Job } },
        problems: [404],
      });
    // As served: untyped JSON, whose shape the assertions check.
    const doc = JSON.parse(JSON.stringify(registry.document()));
    const create = doc.paths['/bff/platform/jobs'].post;
    expect(create.parameters).toEqual([
      { $ref: '#/components/parameters/CsrfToken' },
      { $ref: '#/components/parameters/IdempotencyKey' },
    ]);
    expect(Object.keys(create.responses).sort()).toEqual([
      '201',
      '400',
      '401',
      '402',
      '403',
      '409',
      // Every state-changing request's body is read: too large is a 413.
      '413',
      '422',
      '429',
      '500',
    ]);
    const body = doc.components.schemas.PostBffPlatformJobsBody;
    // The input side: a defaulted field is optional for the client.
    expect(body.required).toEqual(['prompt']);
    expect(body.properties.prompt).toEqual({ $ref: '#/components/schemas/PromptInput' });
    expect(doc.components.schemas.Prompt).toBeDefined();
    expect(doc.components.parameters.IdempotencyKey.schema).toMatchObject({
      type: 'string',
      pattern: expect.any(String),
    });
    const one = doc.paths['/bff/platform/jobs/{id}'].get;
    expect(one.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'expand', in: 'query', required: false, schema: { type: 'string', enum: ['events'] } },
    ]);
    expect(unresolvedRefs(doc)).toEqual([]);
  });
});
