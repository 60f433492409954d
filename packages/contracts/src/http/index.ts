// Cross-service HTTP schemas (zod): the request and response shapes one service's API
// offers to others. Each caller keeps its client in its own integrations/ folder.
export { InternalCallerSchema, SERVICE_SUBJECT_PREFIX, serviceSubject, callingServiceOf } from './internal-caller';
export type { InternalCaller } from './internal-caller';
export * from './commerce';
export * from './commerce-api';
export * from './i18n';
export * from './notifications';
export * from './jobs';
export * from './prompt-text';
export * from './media';
export * from './gallery';
export * from './admin';
export * from './web-app-security';
export * from './share-links';
