import { LanguagesResponseSchema, UserLanguageRequestSchema, UserLanguageResponseSchema } from '@kadr/contracts';
import type { OpenApiRegistry } from './openapi-registry';
import { platformPath } from './platform-path';

/** The i18n service's public routes, with the schemas it validates them with (`@kadr/contracts`). */
export function addI18nOperations(registry: OpenApiRegistry): OpenApiRegistry {
  const common = { tags: ['i18n'], proxied: true };
  return registry
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/i18n/languages'),
      summary: 'The languages Kadr speaks',
      public: true,
      responses: { 200: { description: 'In menu order', schema: LanguagesResponseSchema } },
    })
    .add({
      ...common,
      method: 'get',
      path: platformPath('/api/i18n/user-language'),
      summary: "The user's preferred language",
      responses: { 200: { description: 'The language (default `pl`)', schema: UserLanguageResponseSchema } },
    })
    .add({
      ...common,
      method: 'put',
      path: platformPath('/api/i18n/user-language'),
      summary: "Change the user's preferred language",
      body: UserLanguageRequestSchema,
      responses: { 200: { description: 'The saved language', schema: UserLanguageResponseSchema } },
    });
}
