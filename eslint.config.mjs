// One lint configuration for the whole repository (typescript-eslint, type-aware).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'packages/contracts/src/gen/**',
      '.infra/**',
      '.docker-engine/**',
      '.data/**',
      '.cache/**',
      '.schemathesis/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: globals.node,
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Domain code states rules, not transports or files: it throws domain errors that each service's
    // HTTP edge maps to problems, and leaves files (temp dirs, ffmpeg's inputs and outputs) to
    // integrations/ and data-access/.
    files: ['services/*/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kadr/http-kit',
              message: 'Throw a domain error (domain/errors.ts); the HTTP edge maps it to a problem.',
            },
            { name: 'express', message: 'HTTP belongs in entry-points/http.' },
            ...['fs', 'node:fs', 'fs/promises', 'node:fs/promises'].map((name) => ({
              name,
              message: 'File work belongs outside domain/ (integrations/, data-access/).',
            })),
          ],
        },
      ],
    },
  },
  {
    // The web app (its own web/tsconfig.json, found by the project service): browser code and React hooks.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The main entry of @kadr/contracts loads zod and protobuf: the bundle takes its types only, and
      // values from the zod-free `@kadr/contracts/values`.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@kadr/contracts',
              allowTypeImports: true,
              message:
                'Import values from @kadr/contracts/values (zod-free); the main entry is for `import type` only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test/**/*.ts',
      // The web app's test helpers: src/test-support/, testing/ folders, *.testing.ts(x) modules.
      'web/src/test-support/**/*.{ts,tsx}',
      'web/src/**/testing/**/*.{ts,tsx}',
      'web/src/**/*.testing.{ts,tsx}',
    ],
    rules: {
      // Tests run in jest, not in the bundle: they may compare with the contracts' values and schemas.
      '@typescript-eslint/no-restricted-imports': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
      // Response bodies in HTTP tests are untyped JSON; assertions check their shape.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.jest } },
  },
  {
    // Classic scripts inlined into the pages, run before the first paint (no bundler, no modules).
    files: ['web/src/first-paint/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: globals.node },
  },
);
