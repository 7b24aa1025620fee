/**
 * Writes a brotli copy (`{file}.br`, at the highest quality) beside each hashed script and style
 * of the build, which the server sends as is to a browser that accepts brotli (@fastify/static
 * `preCompressed`): a first visit downloads about a sixth less than with the quick compression a
 * server can afford per request, and the server spends nothing compressing them. Only hashed
 * files: their name changes with their content, so a copy can never be older than its file
 * (a file edited after the build, such as the release notes a deployment rewrites, would be).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants } from 'node:zlib'
import type { Plugin } from 'vite'

/** The hashed scripts and styles (`assets/…`); source maps are for developers. */
const PRECOMPRESSED = /^assets[\\/][^\\/]+\.(?:js|css)$/

export function precompressFile(source: Buffer): Buffer {
  return brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  })
}

/** The files under `dir` compressed ahead, relative paths. */
export function precompressedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) =>
    PRECOMPRESSED.test(path),
  )
}

export function precompressPlugin(): Plugin {
  let outDir = 'dist'
  return {
    name: 'clinica-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = config.build.outDir
    },
    writeBundle() {
      for (const path of precompressedFiles(outDir)) {
        const file = join(outDir, path)
        writeFileSync(`${file}.br`, precompressFile(readFileSync(file)))
      }
    },
  }
}
