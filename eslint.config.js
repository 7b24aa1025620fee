import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const STORAGE_PATHS = [
  {
    name: 'idb-keyval',
    message:
      'Use src/shared/branding-db.ts (branding) or src/shared/care-outbox-db.ts (the care outbox): they are the only IndexedDB adapters.',
  },
]

/**
 * The layers of src/ (README, Map): app → features → components, lib, config → contract.
 * Each folder lists what it may not import, with what to do instead.
 */
const LAYER_RULES = {
  features: [
    {
      regex: '^\\.\\./(?!\\.\\./)',
      message:
        'Features never import each other: move what both need to lib/ or components/, or compose them in app/.',
    },
    {
      regex: '(^|/)app/',
      message: 'Features never import app/: app/ composes features, not the other way round.',
    },
  ],
  components: [
    {
      regex: '(^|/)(app|features)/',
      message: 'Components are presentational: take data and callbacks as props instead.',
    },
  ],
  lib: [
    {
      regex: '(^|/)(app|features|components)/',
      message: 'lib/ is infrastructure without UI: report through a callback the app registers.',
    },
    { regex: '^react', message: 'lib/ knows no UI: keep React in components/, features/ or app/.' },
  ],
  config: [
    {
      regex: '(^|/)(app|features|components|lib|sw|shared)/',
      message: 'config/ holds constants: it may build on the tenant contract only.',
    },
  ],
  contract: [
    {
      // TypeBox is the one schema library: shapes and limits are written once, here.
      regex: '^(?!\\./|typebox(/|$))',
      message:
        'The tenant contract is pure and self-contained (page, worker, server and build import it): no imports outside src/contract/ but typebox.',
    },
  ],
  sw: [
    {
      regex: '(^|/)(app|features|components|lib)/',
      message: 'The worker imports only config/, the contract and shared/: no page code.',
    },
  ],
}

function layerRule(layer) {
  return {
    'no-restricted-imports': [
      'error',
      { paths: STORAGE_PATHS, patterns: LAYER_RULES[layer] ?? [] },
    ],
  }
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
      'no-restricted-imports': ['error', { paths: STORAGE_PATHS }],
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
  {
    files: ['src/shared/branding-db.ts', 'src/shared/care-outbox-db.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  { files: ['src/config/env.ts'], rules: { 'no-restricted-properties': 'off' } },
  ...['features', 'components', 'lib', 'config', 'contract'].map((layer) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**'],
    rules: layerRule(layer),
  })),
  {
    files: ['src/sw/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/**/testing/**'],
    languageOptions: { globals: globals.serviceworker },
    rules: layerRule('sw'),
  },
  {
    files: ['src/sw/**/*.test.ts', 'src/sw/testing/**'],
    languageOptions: { globals: globals.serviceworker },
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
