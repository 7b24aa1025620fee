import { describe, expect, it } from 'vitest'
import { budgetProblems, budgetReport, firstLoadOf, type BudgetChunk } from './js-budget'

const KB = 1024

function chunk(fileName: string, kb: number, more: Partial<BudgetChunk> = {}): BudgetChunk {
  return {
    fileName,
    gzipBytes: kb * KB,
    imports: [],
    moduleIds: [],
    screen: null,
    isEntry: false,
    ...more,
  }
}

// An entry, two screens sharing a chunk, and an admin screen loaded only on demand.
const BUILD: BudgetChunk[] = [
  chunk('index.js', 80, { isEntry: true, imports: ['react.js'] }),
  chunk('react.js', 20),
  chunk('login.js', 2, { screen: 'login', imports: ['form.js'] }),
  chunk('form.js', 5),
  chunk('cliente.js', 3, { screen: 'cliente', imports: ['form.js'] }),
  chunk('admin.js', 40, {
    screen: 'admin',
    moduleIds: ['/repo/src/features/admin/CentrosPanel.tsx'],
  }),
]

describe('firstLoadOf', () => {
  it("is the entry, the screen's chunk and everything they import, once each", () => {
    expect(firstLoadOf(BUILD, 'login').map((c) => c.fileName)).toEqual([
      'index.js',
      'react.js',
      'login.js',
      'form.js',
    ])
  })
})

describe('budgetReport', () => {
  it("gives each guarded screen's first load beside its guard", () => {
    expect(budgetReport(BUILD, { login: 110, cliente: 108 })).toEqual([
      'login: 107.0 of 110 KB gzip (109568 bytes)',
      'cliente: 108.0 of 108 KB gzip (110592 bytes)',
    ])
  })
})

describe('budgetProblems', () => {
  it('passes a build within every guard', () => {
    expect(budgetProblems(BUILD, { login: 107, cliente: 108 })).toEqual([])
  })

  it('fails a screen past its guard, saying by how much', () => {
    expect(budgetProblems(BUILD, { login: 106 })).toEqual([
      'login: first load is 107.0 KB gzip, past its 106 KB guard',
    ])
  })

  it('fails a guard for a screen the build no longer has', () => {
    expect(budgetProblems(BUILD, { pagos: 200 })).toEqual([
      'pagos: no chunk for this screen in the build',
    ])
  })

  it("fails when administration code reaches a patient screen's first load", () => {
    const leaky = BUILD.map((c) =>
      c.fileName === 'form.js'
        ? { ...c, moduleIds: ['/repo/src/features/admin/CuentasPanel.tsx'] }
        : c,
    )
    expect(budgetProblems(leaky, {})).toEqual([
      'login: its first load holds /repo/src/features/admin/CuentasPanel.tsx (in form.js)',
      'cliente: its first load holds /repo/src/features/admin/CuentasPanel.tsx (in form.js)',
    ])
  })

  it('lets the install page load its own sheet first, and nothing else held back', () => {
    const install = [
      ...BUILD,
      chunk('instalar.js', 9, {
        screen: 'instalar',
        moduleIds: [
          '/repo/src/features/pwa/install/InstallSheet.tsx',
          '/repo/node_modules/qrcode/lib/browser.js',
        ],
      }),
    ]
    expect(budgetProblems(install, {})).toEqual([])

    const leaky = install.map((c) =>
      c.fileName === 'instalar.js'
        ? { ...c, moduleIds: [...c.moduleIds, '/repo/src/features/pwa/support/diagnostics.ts'] }
        : c,
    )
    expect(budgetProblems(leaky, {})).toEqual([
      'instalar: its first load holds /repo/src/features/pwa/support/diagnostics.ts (in instalar.js)',
    ])
  })
})
