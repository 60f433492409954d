// @kadr/media: what the embedded launcher and tests use to run the service in-process.
export { mediaConfigSchema, type MediaConfig } from './config';
export { startMedia, composeMedia, type RunningMedia, type ComposedMedia, type MediaParts } from './service';
export { openBlobStore, type MediaAdapters } from './adapters';
