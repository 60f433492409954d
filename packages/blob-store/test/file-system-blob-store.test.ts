import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { FileSystemBlobStore, InvalidBlobKeyError } from '../src';

/** What only the filesystem adapter promises: its layout on disk and the clean-up it does. */

let root: string;
let store: FileSystemBlobStore;

async function text(key: string): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await store.get(key)).body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'kadr-fs-blob-store-'));
  store = new FileSystemBlobStore({ root, publicBaseUrl: 'http://localhost:1', signingSecret: randomBytes(32) });
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('FileSystemBlobStore', () => {
  it('keeps bytes and a JSON sidecar under <root>/objects and leaves no temporary files', async () => {
    await store.put('users/u1/video.mp4', Buffer.from('mp4'), { contentType: 'video/mp4', cacheControl: 'no-cache' });
    expect((await readdir(join(root, 'objects/users/u1'))).sort()).toEqual(['video.mp4.blob', 'video.mp4.blob.json']);
    expect(await readFile(join(root, 'objects/users/u1/video.mp4.blob'), 'utf8')).toBe('mp4');
    expect(JSON.parse(await readFile(join(root, 'objects/users/u1/video.mp4.blob.json'), 'utf8'))).toMatchObject({
      contentType: 'video/mp4',
      cacheControl: 'no-cache',
    });
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('removes its temporary files when a streamed put fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('gone'));
      },
    });
    await expect(store.put('a/b', failing, { contentType: 'text/plain' })).rejects.toThrow('gone');
    expect(await readdir(join(root, 'tmp'))).toEqual([]);
  });

  it('keeps a key and the keys below it apart (a/b and a/b/c both exist)', async () => {
    await store.put('nest/a/b', Buffer.from('parent'), { contentType: 'text/plain' });
    await store.put('nest/a/b/c', Buffer.from('child'), { contentType: 'text/plain' });
    expect(await text('nest/a/b')).toBe('parent');
    expect(await text('nest/a/b/c')).toBe('child');
    await expect(store.deleteByPrefix('nest/a/b')).resolves.toBe(2);
  });

  it('removes folders that deletes leave empty, but not the objects folder', async () => {
    await store.put('users/u1/jobs/j1/video.mp4', Buffer.from('x'), { contentType: 'video/mp4' });
    await store.put('users/u2/video.mp4', Buffer.from('y'), { contentType: 'video/mp4' });
    await store.delete('users/u1/jobs/j1/video.mp4');
    expect(await readdir(join(root, 'objects/users'))).toEqual(['u2']);
    await store.deleteByPrefix('users/');
    expect(await readdir(join(root, 'objects'))).toEqual([]);
  });

  it('serves a blob whose sidecar is missing as application/octet-stream', async () => {
    await store.put('a/b', Buffer.from('x'), { contentType: 'text/plain' });
    await rm(join(root, 'objects/a/b.blob.json'));
    await expect(store.head('a/b')).resolves.toMatchObject({ contentType: 'application/octet-stream', size: 1 });
  });

  it('refuses folder names it reserves for its own files', async () => {
    await expect(store.put('a.blob/x', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toBeInstanceOf(
      InvalidBlobKeyError,
    );
  });

  it('signs URLs for the public base URL and path prefix it was given', async () => {
    const custom = new FileSystemBlobStore({
      root,
      publicBaseUrl: 'https://kadr.example/',
      signingSecret: randomBytes(32),
      pathPrefix: 'media',
      now: () => 1_000_000_500,
    });
    const url = new URL(await custom.presignGet('users/u1/a b.mp4', 30));
    expect(url.origin + url.pathname).toBe('https://kadr.example/media/users/u1/a%20b.mp4');
    // 1 000 000.5 s rounded up, plus 30.
    expect(url.searchParams.get('expires')).toBe('1000031');
    expect(url.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);
  });
});
