export { composeI18n, startI18n, type RunningI18n } from './service';
export type { I18nAdapters } from './adapters';
export { i18nConfigSchema, type I18nConfig } from './config';
