import { useTranslation } from 'react-i18next';
import { i18n } from './i18n';

/** A feature's strings in both languages: nested objects of strings, same keys in each. */
export interface FeatureMessages {
  en: MessageTree;
  pl: MessageTree;
}
export interface MessageTree {
  readonly [key: string]: string | MessageTree;
}

/** Adds a feature's strings to i18next once (idempotent; safe to call on every render). */
export function registerMessages(namespace: string, messages: FeatureMessages): void {
  for (const language of ['en', 'pl'] as const) {
    if (!i18n.hasResourceBundle(language, namespace)) {
      i18n.addResourceBundle(language, namespace, messages[language], true, false);
    }
  }
}

/** `t` bound to the feature's namespace, with the feature's strings registered first. */
export function useMessages(namespace: string, messages: FeatureMessages) {
  registerMessages(namespace, messages);
  return useTranslation(namespace);
}
