/**
 * Deleting a user with purge on real infrastructure: every service on Kafka, the MongoDB-wire
 * server, Redis and S3 (the composition opens real adapters when their variables are set). A
 * person signs in, buys credits, generates a video and picks a language; the administrator
 * deletes them with purge; afterwards no service's database holds a document naming them, no blob
 * of theirs is left in the bucket and their sessions are gone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { createBlobStore } from '@kadr/blob-store';
import { createLogger } from '@kadr/telemetry';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { TestBrowser, formAction } from '../../services/auth-gateway/test/identity/helpers/browser';
import { startEmbedded, type RunningEmbedded } from '../launcher/compose-embedded';
import { freePortPair } from '@kadr/tooling/test-helpers';
import { eventually } from './support/eventually';

const SERVICE_DATABASES = ['auth-gateway', 'commerce', 'jobs', 'media', 'i18n', 'notifications'];

/** Documents (database/collection) in the service databases whose JSON names `id`. */
async function documentsNaming(uri: string, id: string): Promise<string[]> {
  const connection = await mongoose.createConnection(uri).asPromise();
  try {
    const found: string[] = [];
    for (const name of SERVICE_DATABASES) {
      const db = connection.useDb(name, { useCache: false }).db!;
      for (const { name: collection } of await db.listCollections().toArray()) {
        const docs = await db.collection(collection).find({}).toArray();
        const count = docs.filter((doc) => JSON.stringify(doc).includes(id)).length;
        if (count > 0) found.push(`${name}/${collection}: ${count}`);
      }
    }
    return found;
  } finally {
    await connection.close();
  }
}

describeWithRealServer('kafka', 'distributed mode: purge a user on real infrastructure', () =>
  describeWithRealServer('mongodb', 'with the MongoDB-wire server', (mongo) =>
    describeWithRealServer('redis', 'with Redis', () =>
      describeWithRealServer('s3', 'with S3', (s3) => {
        let kadr: RunningEmbedded;
        let base: string;
        let dataDir: string;
        let keys = 0;
        const person = new TestBrowser();
        const admin = new TestBrowser();
        const email = `purge-${Date.now()}@kadr.local`;

        beforeAll(async () => {
          dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-distributed-'));
          const port = await freePortPair();
          base = `http://127.0.0.1:${port}`;
          const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir };
          delete env.OIDC_ISSUER_URL;
          kadr = await startEmbedded(env, createLogger({ service: 'kadr-distributed', level: 'silent' }));
        }, 120_000);

        afterAll(async () => {
          await kadr?.stop();
          fs.rmSync(dataDir, { recursive: true, force: true });
        }, 60_000);

        async function signIn(browser: TestBrowser, who: string) {
          const page = await browser.follow(`${base}/auth/login?returnTo=/dashboard`);
          await browser.submitForm(
            formAction(await page.response!.text(), page.url, '/login'),
            { email: who },
            (url) => url.origin === base && !url.pathname.startsWith('/auth/'),
          );
        }
        const call = (browser: TestBrowser, method: string, route: string, body?: unknown) =>
          browser.request(`${base}${route}`, {
            method,
            headers: {
              accept: 'application/json',
              'content-type': 'application/json',
              origin: base,
              'x-csrf-token': browser.cookie('127.0.0.1', 'kadr_csrf') ?? '',
              'idempotency-key': `distributed-${Date.now()}-${(keys += 1)}`,
            },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        const json = async <T>(response: Promise<Response>): Promise<T> => (await (await response).json()) as T;

        it('leaves no document, blob or session of the user in any service', async () => {
          await signIn(person, email);
          const { user } = await json<{ user: { id: string } }>(call(person, 'GET', '/auth/session'));
          await eventually(
            () => json<{ data?: { balance: number } }>(call(person, 'GET', '/bff/platform/api/commerce/credits')),
            (c) => c.data?.balance === 50,
          );
          expect((await call(person, 'PUT', '/bff/platform/api/i18n/user-language', { language: 'en' })).status).toBe(
            200,
          );
          const created = await json<{ id: string }>(
            call(person, 'POST', '/bff/platform/jobs', {
              prompt: 'Lanterns drifting over a harbour',
              modelId: 'kadr-motion-v1',
              duration: 5,
              quality: 'Lite',
              speed: 'Ultra Fast',
            }),
          );
          await eventually(
            () => json<{ data: { status: string } }>(call(person, 'GET', `/bff/platform/jobs/${created.id}`)),
            (j) => j.data.status === 'COMPLETED',
            90_000,
          );
          await eventually(
            () => json<{ data: { jobId: string }[] }>(call(person, 'GET', '/bff/platform/api/media/videos')),
            (g) => g.data.some((v) => v.jobId === created.id),
          );
          const blobs = createBlobStore({ kind: 's3', ...s3 });
          const videoKey = `users/${user.id}/jobs/${created.id}/video.mp4`;
          expect(await blobs.head(videoKey)).not.toBeNull();
          expect((await documentsNaming(mongo.uri, user.id)).length).toBeGreaterThanOrEqual(SERVICE_DATABASES.length);

          await signIn(admin, 'admin@kadr.local');
          await eventually(
            () => json<{ data: { user: unknown } }>(call(admin, 'GET', `/bff/platform/admin/users/${user.id}`)),
            (d) => d.data.user !== null,
          );
          expect((await call(admin, 'DELETE', `/bff/platform/admin/users/${user.id}?purge=true`)).status).toBe(202);
          await eventually(
            () =>
              json<{ data: { purge: { complete: boolean } | null } }>(
                call(admin, 'GET', `/bff/platform/admin/users/${user.id}`),
              ),
            (d) => d.data.purge?.complete === true,
            60_000,
          );

          expect(await json(call(person, 'GET', '/auth/session'))).toEqual({ authenticated: false });
          expect(await documentsNaming(mongo.uri, user.id)).toEqual([]);
          expect(await blobs.head(videoKey)).toBeNull();
          expect(await blobs.head(`users/${user.id}/jobs/${created.id}/thumbnail.jpg`)).toBeNull();
        }, 240_000);
      }),
    ),
  ),
);
