/**
 * The layer lint refuses what crosses a layer, whatever the path's spelling, with a message that
 * says what to do instead; and lets each layer import what it may.
 */
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'
import { layerConfigs } from './layers.js'

const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfigFile: true,
  overrideConfig: [
    { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
    ...layerConfigs,
  ],
})

/** The messages of the layer rule for `code` written in the (real) folder of `filePath`. */
async function layerMessages(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? []).map(({ ruleId, message }) => `${ruleId ?? ''}: ${message}`)
}

describe('layer lint', () => {
  it.each([
    [
      'src/features/auth/fixture.ts',
      "import { x } from '../../features/tenant/branding-query'",
      'Features never import each other',
    ],
    [
      'src/features/auth/fixture.ts',
      "import { x } from '../tenant/branding-query'",
      'Features never import each other',
    ],
    [
      'src/features/auth/fixture.ts',
      "import { x } from '../../app/router'",
      'compose them in app/',
    ],
    [
      'src/components/fixture.tsx',
      "import { x } from '../features/auth/session'",
      'take data and callbacks as props',
    ],
    [
      'src/lib/fixture.ts',
      "import { x } from '../components/SectionPage'",
      'report through a callback',
    ],
    ['src/config/fixture.ts', "import { x } from '../lib/storage'", 'use the tenant contract'],
    [
      'src/contract/fixture.ts',
      "import { x } from '../config/paths'",
      'move the code it needs into src/contract/',
    ],
    [
      'src/shared/fixture.ts',
      "import { x } from '../lib/storage'",
      'shared/ runs in the page and in the worker',
    ],
    [
      'src/sw/fixture.ts',
      "import { x } from '../features/tenant/apply-branding'",
      'The worker imports only',
    ],
    [
      'src/app/fixture.ts',
      "import { x } from '../sw/lifecycle'",
      'talk to the worker through messages',
    ],
    [
      'server/fixture.ts',
      "import { x } from '../src/lib/storage.js'",
      'server/ is a separate program',
    ],
    [
      'server/routes/fixture.ts',
      "export { x } from '../../src/config/paths.js'",
      'use the tenant contract',
    ],
    [
      'server/repositories/fixture.ts',
      "import { x } from '../care/care-service.js'",
      "A repository holds one table's SQL",
    ],
    [
      'server/database/fixture.ts',
      "import { x } from '../auth/passwords.js'",
      'database/ opens, types and migrates',
    ],
    ['server/http/fixture.ts', "import { x } from '../routes/api-docs.js'", 'http/ is plumbing'],
    [
      'server/care/fixture.ts',
      "import { x } from '../routes/admin-hospitales.js'",
      'never import a route or app.ts',
    ],
    ['server/live/fixture.ts', "import { x } from '../app.js'", 'never import a route or app.ts'],
  ])('refuses in %s: %s', async (filePath, code, advice) => {
    const messages = await layerMessages(filePath, code)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toContain('boundaries/dependencies')
    expect(messages[0]).toContain(advice)
  })

  it.each([
    [
      'src/features/auth/fixture.ts',
      "import { x } from './session'\nimport { y } from '../../lib/storage'\nimport { z } from '../../contract/tenants'",
    ],
    [
      'src/app/fixture.ts',
      "import { x } from '../features/auth/session'\nimport { y } from './router'",
    ],
    [
      'src/sw/fixture.ts',
      "import { x } from '../shared/branding-db'\nimport { y } from '../config/cache-names'",
    ],
    [
      'server/routes/fixture.ts',
      "import { x } from '../../src/contract/colors.js'\nimport { y } from '../http/etag.js'\nimport { z } from '../care/care-service.js'",
    ],
    [
      'server/care/fixture.ts',
      "import { x } from '../auth/authenticate.js'\nimport { y } from '../repositories/accounts.js'\nimport { z } from '../database/schema.js'",
    ],
    [
      'server/seed/fixture.ts',
      "import { x } from '../auth/passwords.js'\nimport { y } from '../database/schema.js'",
    ],
  ])('allows in %s: %s', async (filePath, code) => {
    expect(await layerMessages(filePath, code)).toEqual([])
  })
})
