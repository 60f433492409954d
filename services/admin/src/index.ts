// @kadr/admin: what the embedded launcher and tests use to run the service in-process.
export { adminConfigSchema, type AdminConfig } from './config';
export { startAdmin, composeAdmin, type RunningAdmin, type ComposedAdmin, type AdminParts } from './service';
export type { AdminAdapters } from './adapters';
export type { AdminStores } from './data-access/stores';
