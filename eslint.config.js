import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const STORAGE_RULE = {
  paths: [
    {
      name: 'idb-keyval',
      message: 'Use src/shared/branding-db.ts: it is the only IndexedDB adapter.',
    },
  ],
}

export default defineConfig([
  { ignores: ['dist', 'build', 'data', 'test-results', 'playwright-report', 'bench/results'] },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // React Router loaders throw `redirect()`/`replace()` Responses by design.
      '@typescript-eslint/only-throw-error': [
        'error',
        { allow: [{ from: 'lib', name: 'Response' }], allowThrowingUnknown: false },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/sw/**'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': ['error', STORAGE_RULE],
      'no-restricted-globals': [
        'error',
        {
          name: 'localStorage',
          message: 'Use src/lib/storage.ts: it survives storage that throws.',
        },
        { name: 'sessionStorage', message: 'Use src/lib/storage.ts.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'localStorage', message: 'Use src/lib/storage.ts.' },
        { object: 'window', property: 'sessionStorage', message: 'Use src/lib/storage.ts.' },
        {
          object: 'import',
          property: 'meta',
          message: 'Read configuration through src/config/env.ts.',
        },
      ],
    },
  },
  {
    files: ['src/lib/storage.ts', 'src/**/*.test.{ts,tsx}', 'tests/setup/**'],
    rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': 'off' },
  },
  { files: ['src/shared/branding-db.ts'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['src/config/env.ts'], rules: { 'no-restricted-properties': 'off' } },
  {
    files: ['src/sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: { 'no-restricted-imports': ['error', STORAGE_RULE] },
  },
  {
    files: [
      'server/**/*.ts',
      'tests/e2e/**',
      'tests/utils/**',
      'bench/**',
      'scripts/**',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src/(?!contract/)',
              message:
                'server/ imports only the tenant contract (src/contract/): the rest of src/ is the app.',
            },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js'], extends: [tseslint.configs.disableTypeChecked] },
])
