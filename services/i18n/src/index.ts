export { startI18n, type RunningI18n, type StartI18nOptions } from './service';
export { i18nConfigSchema, type I18nConfig } from './config';
