/**
 * The layers of the code and which may import which, checked by eslint-plugin-boundaries: each
 * file belongs to the folder it lives in (whatever the import says: `../../features/x` is
 * still features/), and every folder is covered. The README's map describes the layers.
 */
import boundaries from 'eslint-plugin-boundaries'
import { fileURLToPath } from 'node:url'

const RESOLVER = fileURLToPath(new URL('./resolve-ts.cjs', import.meta.url))

/** One element per folder; `features/<name>` captures the feature, so features stay apart. */
const ELEMENTS = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/lib' },
  { type: 'config', pattern: 'src/config' },
  { type: 'contract', pattern: 'src/contract' },
  { type: 'shared', pattern: 'src/shared' },
  { type: 'sw', pattern: 'src/sw' },
  { type: 'server', pattern: 'server' },
]
const LAYERS = ELEMENTS.map(({ type }) => type)
const CONTRACT_ONLY =
  'use the tenant contract (src/contract/), the one module page, worker, server and build share'

/**
 * What each layer may import (besides itself), and what to do instead when it reaches further.
 * Tests and their helpers (`*.test.*`, `testing/`) are outside the layers: they may import what
 * they test.
 */
const LAYER_RULES = [
  {
    layer: 'app',
    allow: ['feature', 'components', 'lib', 'config', 'contract', 'shared'],
    message:
      'app/ composes the page: talk to the worker through messages (src/config/sw-messages.ts), to the server through the API; never import src/sw/ or server/.',
  },
  {
    layer: 'feature',
    allow: ['components', 'lib', 'config', 'contract', 'shared'],
    message:
      'Features never import each other or app/: move what both need to lib/, components/ or the contract, or compose them in app/.',
  },
  {
    layer: 'components',
    allow: ['lib', 'config', 'contract'],
    message:
      'Components are presentational and tenant-agnostic: take data and callbacks as props instead of importing app/ or features/.',
  },
  {
    layer: 'lib',
    allow: ['config', 'contract'],
    message:
      'lib/ is infrastructure without UI: report through a callback the app registers instead of importing app/, features/ or components/.',
  },
  {
    layer: 'config',
    allow: ['contract'],
    message: `config/ holds constants: ${CONTRACT_ONLY}, nothing else.`,
  },
  {
    layer: 'contract',
    allow: [],
    message:
      'The tenant contract is pure and self-contained (page, worker, server and build import it): move the code it needs into src/contract/.',
  },
  {
    layer: 'shared',
    allow: ['config', 'contract'],
    message:
      'shared/ runs in the page and in the worker: it may use config/ and the contract only; move page code out of it.',
  },
  {
    layer: 'sw',
    allow: ['shared', 'config', 'contract'],
    message:
      'The worker imports only config/, the contract and shared/ (it has no DOM): move what page and worker both need to shared/ or the contract.',
  },
  {
    layer: 'server',
    allow: ['contract'],
    message: `server/ is a separate program: ${CONTRACT_ONLY}; the rest of src/ is the app.`,
  },
]

const to = (types) => ({ to: { element: { type: types } } })

// The last matching policy decides: each layer's allowed imports, then the rest refused with that
// layer's message; a feature's own files are allowed last (features are one element type).
const POLICIES = [
  ...LAYER_RULES.flatMap(({ layer, allow, message }) => {
    const from = { element: { type: layer } }
    const refused = LAYERS.filter((type) => type !== layer && !allow.includes(type))
    return [
      { from, allow: to([layer, ...allow]) },
      ...(refused.length === 0 ? [] : [{ from, disallow: to(refused), message }]),
    ]
  }),
  {
    from: { element: { type: 'feature' } },
    disallow: to(['feature']),
    message: LAYER_RULES.find(({ layer }) => layer === 'feature')?.message,
  },
  {
    from: { element: { type: 'feature' } },
    allow: {
      to: {
        element: { type: 'feature', captured: { feature: '{{from.element.captured.feature}}' } },
      },
    },
  },
]

/** ESLint config objects that hold the layers (add them after the language options). */
export const layerConfigs = [
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/include': ['src/**/*', 'server/**/*'],
      'import/resolver': { [RESOLVER]: {} },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: POLICIES }],
    },
  },
]
