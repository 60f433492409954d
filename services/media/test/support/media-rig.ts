import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FileSystemBlobStore } from '@kadr/blob-store';
import type { EncodedEvent } from '@kadr/contracts';
import { MemoryEventBus } from '@kadr/event-bus';
import { DEFAULT_INTERNAL_TOKEN_KEY_ID } from '@kadr/config';
import { mintInternalToken, type InternalCaller, type InternalTokenKeys } from '@kadr/http-kit';
import { createLogger, createMetrics } from '@kadr/telemetry';
import { mediaConfigSchema, type MediaConfig } from '../../src/config';
import { MemoryShareRepository } from '../../src/data-access/memory-share.repository';
import { MemoryVideoRepository } from '../../src/data-access/memory-video.repository';
import { composeMedia, type ComposedMedia } from '../../src/service';
import { completedEvent, thumbnailKeyOf, videoKeyOf, type CompletionInput } from './events';
import { mediaFixtures } from './fixtures';
import { until } from '@kadr/tooling/test-helpers';

export const TEST_SECRET = 'test-only-internal-secret-0123456789abcdef';
/** The keys of a service configured with TEST_SECRET alone (the default key id). */
export const TEST_KEYS: InternalTokenKeys = { current: { kid: DEFAULT_INTERNAL_TOKEN_KEY_ID, secret: TEST_SECRET } };
export const SIGNING_SECRET = 'test-only-media-signing-secret-0123456789';
export const PUBLIC_URL = 'http://kadr.test';

export const user = (userId: string): InternalCaller => ({ kind: 'user', userId, roles: ['user'] });
export const admin = (userId = 'admin-1'): InternalCaller => ({ kind: 'user', userId, roles: ['user', 'admin'] });
export const service: InternalCaller = { kind: 'service', service: 'auth-gateway', roles: [] };

export interface MediaRig {
  config: MediaConfig;
  bus: MemoryEventBus;
  blobs: FileSystemBlobStore;
  media: ComposedMedia;
  /** `Authorization` header for a caller. */
  auth(caller: InternalCaller): Promise<string>;
  publish(event: EncodedEvent): Promise<void>;
  /** Stores the fixture video and thumbnail as the worker does, publishes COMPLETED and waits for the record. */
  completeJob(input: CompletionInput): Promise<void>;
  close(): Promise<void>;
}

/** Media composed on memory adapters and a temporary filesystem blob store, consumer running. */
export async function startMediaRig(
  env: Record<string, string> = {},
  { clock }: { clock?: () => Date } = {},
): Promise<MediaRig> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kadr-media-test-'));
  const config = mediaConfigSchema.parse({
    NODE_ENV: 'test',
    INTERNAL_TOKEN_SECRET: TEST_SECRET,
    MEDIA_SIGNING_SECRET: SIGNING_SECRET,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    ...env,
  });
  const bus = new MemoryEventBus();
  const blobs = new FileSystemBlobStore({ root, publicBaseUrl: PUBLIC_URL, signingSecret: SIGNING_SECRET });
  const videos = await MemoryVideoRepository.create();
  const shares = await MemoryShareRepository.create();
  const media = composeMedia({
    config,
    adapters: { eventBus: bus, blobStore: blobs, videos, shares },
    logger: createLogger({ service: 'media', level: 'silent' }),
    metrics: createMetrics({ service: 'media', defaultMetrics: false }),
    clock,
  });
  await media.startBackground();
  const { video, thumbnail } = mediaFixtures();

  const rig: MediaRig = {
    config,
    bus,
    blobs,
    media,
    auth: async (caller) => `Bearer ${await mintInternalToken(caller, { keys: TEST_KEYS, audience: 'media' })}`,
    publish: (event) => bus.publish(event.topic, [event]),
    async completeJob(input) {
      await blobs.put(input.videoKey ?? videoKeyOf(input.userId, input.jobId), video, { contentType: 'video/mp4' });
      await blobs.put(input.thumbnailKey ?? thumbnailKeyOf(input.userId, input.jobId), thumbnail, {
        contentType: 'image/jpeg',
      });
      await rig.publish(completedEvent({ sizeBytes: video.length, ...input }));
      await until(
        async () =>
          (await media.library.visibleVideo({ userId: input.userId, isAdministrator: false }, input.jobId)) !== null,
      );
    },
    async close() {
      await media.stop();
      await bus.close();
      await videos.close();
      await shares.close();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
  return rig;
}
