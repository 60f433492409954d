// @kadr/contracts/values: the plain values and types a browser needs — enum values, resolutions,
// the client-telemetry batch, the same-origin media paths. No zod, no protobuf: this folder
// imports nothing but itself (test/values.test.ts checks), so the web app bundles it without a
// schema library. The zod schemas of `src/http/` are built from these; the main entry re-exports them.
export * from './jobs';
export * from './resolutions';
export * from './commerce';
export * from './i18n';
export * from './media';
export * from './start-image';
export * from './telemetry';
export * from './share-links';
