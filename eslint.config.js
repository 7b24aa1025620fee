import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { layerConfigs } from './eslint/layers.js'

const STORAGE_PATHS = [
  {
    name: 'idb-keyval',
    message:
      'Use src/shared/branding-db.ts (branding) or src/shared/care-outbox-db.ts (the care outbox): they are the only IndexedDB adapters.',
  },
]

// The schema library's default export is its whole namespace, parser included, which no bundler
// can trim from the page: its builders are imported by name.
const SCHEMA_PATHS = [
  {
    name: 'typebox',
    importNames: ['default'],
    message: "Import what you use by name (import { Type } from 'typebox').",
  },
]

// The app's links are its own (src/components/Link.tsx): react-router's also prefetch and open
// other origins, code that would be in every screen's first load.
const ROUTER_PATHS = [
  {
    name: 'react-router-dom',
    importNames: ['Link', 'NavLink'],
    message: 'Use src/components/Link.tsx: the app links only to its own screens.',
  },
]

// Who may do what is decided in one place, the contract's policy (src/contract/permissions.ts):
// a role compared anywhere else is a second copy of a rule.
const ROLE_RULE_MESSAGE =
  'Ask the policy instead: may(actor, action, record) from src/contract/permissions.ts.'
const ROLE_COMPARISONS = [
  "BinaryExpression[operator=/^[!=]==?$/] > MemberExpression[property.name='rol']",
  "BinaryExpression[operator=/^[!=]==?$/] > Identifier[name='rol']",
  "SwitchStatement > MemberExpression.discriminant[property.name='rol']",
  "SwitchStatement > Identifier.discriminant[name='rol']",
  "CallExpression[callee.property.name='includes'] > MemberExpression.arguments[property.name='rol']",
].map((selector) => ({ selector, message: ROLE_RULE_MESSAGE }))

/** Packages some layers may not use (the layers themselves: eslint/layers.js). */
const PACKAGE_RULES = {
  lib: [
    { regex: '^react', message: 'lib/ knows no UI: keep React in components/, features/ or app/.' },
  ],
  contract: [
    {
      // TypeBox is the one schema library: shapes and limits are written once, there.
      regex: '^(?![./])(?!typebox(/|$))',
      message:
        'The tenant contract is pure (page, worker, server and build import it): no package but typebox.',
    },
  ],
}

function packageRule(layer) {
  return {
    'no-restricted-imports': [
      'error',
      { paths: [...STORAGE_PATHS, ...SCHEMA_PATHS], patterns: PACKAGE_RULES[layer] ?? [] },
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
      'no-restricted-imports': [
        'error',
        { paths: [...STORAGE_PATHS, ...SCHEMA_PATHS, ...ROUTER_PATHS] },
      ],
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
  ...['lib', 'contract'].map((layer) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**'],
    rules: packageRule(layer),
  })),
  {
    files: ['src/sw/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/**/testing/**'],
    languageOptions: { globals: globals.serviceworker },
    rules: { 'no-restricted-imports': ['error', { paths: [...STORAGE_PATHS, ...SCHEMA_PATHS] }] },
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
      'eslint/**',
      '*.config.{ts,js}',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'no-restricted-syntax': ['error', ...ROLE_COMPARISONS] },
  },
  ...layerConfigs,
  { files: ['**/*.{js,cjs}'], extends: [tseslint.configs.disableTypeChecked] },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
])
