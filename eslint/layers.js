/**
 * The layers of the code and which may import which, checked by eslint-plugin-boundaries: each
 * file belongs to the folder it lives in (whatever the import says: `../../features/x` is
 * still features/), and every folder is covered. docs/architecture.md's map describes the layers.
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
  // server/'s floors, the most specific first: a file belongs to the first pattern it matches.
  { type: 'server-routes', pattern: 'server/routes' },
  { type: 'server-seed', pattern: 'server/seed' },
  {
    type: 'server-domain',
    pattern: 'server/(auth|care|live|mail|uploads|branding|push)',
    capture: ['part'],
  },
  { type: 'server-repositories', pattern: 'server/repositories' },
  { type: 'server-http', pattern: 'server/http' },
  { type: 'server-database', pattern: 'server/database' },
  { type: 'server', pattern: 'server' },
]
const LAYERS = ELEMENTS.map(({ type }) => type)
/** server/'s floors below its root (app.ts, index.ts, config.ts), which may import any of them. */
const SERVER_FLOORS = [
  'server-routes',
  'server-seed',
  'server-domain',
  'server-repositories',
  'server-http',
  'server-database',
  'contract',
]
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
    allow: SERVER_FLOORS,
    message: `server/ is a separate program: ${CONTRACT_ONLY}; the rest of src/ is the app.`,
  },
  {
    layer: 'server-routes',
    allow: ['server-domain', 'server-repositories', 'server-http', 'server-database', 'contract'],
    message: `A route uses the domain, repositories and http plumbing; app.ts composes the routes; ${CONTRACT_ONLY}.`,
  },
  {
    layer: 'server-seed',
    allow: ['server-domain', 'server-repositories', 'server-database', 'contract'],
    message: `The seed writes data through the layers below it, never through routes or app.ts; ${CONTRACT_ONLY}.`,
  },
  {
    layer: 'server-domain',
    allow: ['server-repositories', 'server-http', 'server-database', 'contract'],
    message: `The domain (auth, care, live, mail, uploads, branding) takes its data from repositories and is called by routes: never import a route or app.ts; ${CONTRACT_ONLY}.`,
  },
  {
    layer: 'server-repositories',
    allow: ['server-database', 'contract'],
    message: `A repository holds one table's SQL over the database: move rules to the domain (auth/, care/…) and answers to routes/; ${CONTRACT_ONLY}.`,
  },
  {
    layer: 'server-http',
    allow: ['server-database', 'contract'],
    message: `http/ is plumbing every answer goes through: take what it needs as a parameter from app.ts instead of importing a route, the domain or a repository; ${CONTRACT_ONLY}.`,
  },
  {
    layer: 'server-database',
    allow: ['contract'],
    message: `database/ opens, types and migrates the database and knows nothing above it; ${CONTRACT_ONLY}.`,
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
