/**
 * Import resolver for the layer lint (eslint-plugin-boundaries, through eslint-module-utils):
 * finds the TypeScript file behind an import written without an extension (`../config/paths`,
 * the app's style) or with the `.js` the server's NodeNext modules must write
 * (`../src/contract/colors.js` is colors.ts). Packages resolve to nothing: they are not layers.
 */
const fs = require('node:fs')
const path = require('node:path')

const CANDIDATE_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

function resolve(source, file) {
  if (!source.startsWith('.') && !path.isAbsolute(source)) return { found: false }
  const target = path.resolve(path.dirname(file), source)
  const stems = [target, target.replace(/\.(c|m)?jsx?$/, '')]
  for (const stem of stems) {
    for (const suffix of CANDIDATE_SUFFIXES) {
      const candidate = stem + suffix
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        return { found: true, path: candidate }
      }
    }
  }
  return { found: false }
}

module.exports = { interfaceVersion: 2, resolve }
