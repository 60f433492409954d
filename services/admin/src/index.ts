// @kadr/admin: what the embedded launcher and tests use to run the service in-process.
export { adminConfigSchema, type AdminConfig } from './config';
export {
  startAdmin,
  composeAdmin,
  type StartAdminOptions,
  type RunningAdmin,
  type ComposedAdmin,
  type AdminParts,
} from './service';
export { openMemoryStores, type AdminAdapters, type AdminStores } from './adapters';
