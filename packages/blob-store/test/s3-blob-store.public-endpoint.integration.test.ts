/**
 * Presigned URLs for a public endpoint (S3_PUBLIC_ENDPOINT): the browser fetches media from the
 * product's own origin, where an ingress routes `/<bucket>/` to the storage with the Host header
 * kept (docker compose, Kubernetes). Checked against a real S3 server through such a proxy.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { describeWithRealServer } from '@kadr/tooling/real-servers';
import { S3BlobStore } from '../src';

/** A reverse proxy like the ingress: same path, same Host header, to the storage endpoint. */
async function startHostKeepingProxy(storage: URL): Promise<{ origin: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const upstream = http.request(
      { host: storage.hostname, port: storage.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describeWithRealServer('s3', 'S3BlobStore presigned URLs for a public endpoint', (target) => {
  it('signs for the public origin, and the storage accepts the URL through a Host-keeping proxy', async () => {
    const proxy = await startHostKeepingProxy(new URL(target.endpoint));
    const store = new S3BlobStore({ ...target, forcePathStyle: true, publicEndpoint: proxy.origin });
    const key = `public-endpoint/${randomUUID()}.txt`;
    try {
      await store.ensureBucket();
      await store.put(key, Readable.from([Buffer.from('a frame of video')]), { contentType: 'text/plain' });

      const url = new URL(await store.presignGet(key, 60));
      expect(url.origin).toBe(proxy.origin);
      expect(url.pathname).toBe(`/${target.bucket}/${key}`);

      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe('a frame of video');

      // The signature covers the public host: the same URL sent straight to the storage is refused.
      const direct = new URL(url.pathname + url.search, target.endpoint);
      expect((await fetch(direct)).status).toBe(403);
    } finally {
      await store.delete(key).catch(() => undefined);
      await proxy.close();
      store.close();
    }
  });
});
