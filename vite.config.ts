import { readFileSync } from 'node:fs'
import react from '@vitejs/plugin-react'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import { VitePWA } from 'vite-plugin-pwa'
import { DEFAULT_COLORS, toCssDeclarations } from './src/contract/branding.ts'

/**
 * Writes the default brand colours into index.html from their one constant, so the first frame
 * of any visit has them before any script runs.
 */
function defaultBrandingPlugin(): Plugin {
  return {
    name: 'clinica-default-branding',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace(
            /<meta name="theme-color" content="[^"]*"/,
            `<meta name="theme-color" content="${DEFAULT_COLORS.primario}"`,
          )
          .replace(
            '</head>',
            `  <style id="default-branding">:root{${toCssDeclarations(DEFAULT_COLORS)}}</style>\n  </head>`,
          ),
    },
  }
}

/**
 * The version the footer shows (support asks "which version do you have?"): `VITE_APP_VERSION`
 * (a release or commit id, set by whoever builds), else the package's version. Each value is a
 * different build: new chunk hashes and a new service worker.
 */
const PACKAGE = JSON.parse(readFileSync(new URL('package.json', import.meta.url), 'utf8')) as {
  version: string
}
const VERSION_FROM_ENV = process.env.VITE_APP_VERSION?.trim() ?? ''
const APP_VERSION = VERSION_FROM_ENV === '' ? PACKAGE.version : VERSION_FROM_ENV

// The API server the dev server forwards `/api` and `/logos` to (`npm run dev:api`).
const DEV_API_TARGET = process.env.DEV_API_TARGET ?? 'http://127.0.0.1:4174'

export default defineConfig({
  plugins: [
    react(),
    defaultBrandingPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // The page registers the worker itself through workbox-window (features/pwa).
      injectRegister: false,
      // `public/manifest.webmanifest` is main's manifest for a first visit without worker (a unit
      // test keeps it equal to buildTenantManifest('main', null)); index.html links it, and the
      // worker answers `/{tenant}/manifest.webmanifest` itself. So the plugin emits none.
      manifest: false,
      injectManifest: {
        // Without a plugin manifest nothing adds the icons: the globs take public/ files too.
        globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}'],
      },
    }),
  ],
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(APP_VERSION),
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': DEV_API_TARGET,
      '/logos': DEV_API_TARGET,
    },
  },
  test: {
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/setup/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/unit.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
        },
      },
    ],
  },
})
