/**
 * Call benchmark (`npm run bench:call`): two separate Chromium processes with a fake camera and
 * microphone call each other through the built app, relay-only through coturn on 127.0.0.1
 * (tests/utils/turn.ts), CALL_RUNS times (default 5). Per run, two times:
 *   - answer → video: from pressing "Aceptar" to the first video frame decoded from the other
 *     side (the later of the two sides);
 *   - relay return → video: the relay is killed mid-call, both sides show "Reconectando…", the
 *     relay starts again; from the moment it answers again to new frames decoded on both sides.
 * Prints median and max of each; writes bench/results/call.json. Statistics are read every
 * 20 ms, so each time is that much coarse. Builds the app first unless BENCH_BUILD=0 and a build
 * exists.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'
import { startAppServer } from '../tests/utils/app-server'
import {
  finishConsultation,
  launchCallBrowser,
  mediaStats,
  newConsultation,
  openConsultation,
  PHONE,
  TABLET,
} from '../tests/utils/call'
import { E2E_PORT } from '../tests/utils/mail'
import { startTurnRelay, TURN_SECRET, TURN_URLS } from '../tests/utils/turn'

const RESULTS_FILE = fileURLToPath(new URL('./results/call.json', import.meta.url))
const RUNS = Number(process.env.CALL_RUNS ?? 5)
const PORT = E2E_PORT + 3
const POLL_MS = 20

/** Resolves with the time at which `page` has decoded more than `afterFrames` frames. */
async function firstFrameAfter(page: Page, afterFrames: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if ((await mediaStats(page)).frames > afterFrames) return Date.now()
    await new Promise((done) => setTimeout(done, POLL_MS))
  }
  throw new Error(`No new video frame within ${String(timeoutMs)} ms`)
}

function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
  return { median, max: sorted.at(-1) ?? 0, samples }
}

async function main() {
  if (
    !existsSync('dist/index.html') ||
    !existsSync('build/server/index.js') ||
    process.env.BENCH_BUILD !== '0'
  ) {
    const appBuild = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
    if (appBuild.status !== 0) throw new Error('Build failed')
  }
  const dbPath = resolve('build/bench-call.sqlite')
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbPath}${suffix}`, { force: true })
  const relay = await startTurnRelay()
  const server = await startAppServer({
    port: PORT,
    distDir: resolve('dist'),
    dbPath,
    env: { TURN_URLS, TURN_SECRET, LOGIN_RATE_LIMIT: '10000', LOGIN_ACCOUNT_RATE_LIMIT: '10000' },
  })
  const browsers = [await launchCallBrowser(), await launchCallBrowser()] as const
  const answerToVideo: number[] = []
  const relayReturnToVideo: number[] = []
  try {
    for (let run = 1; run <= RUNS; run += 1) {
      const consultation = await newConsultation(server.origin)
      const professional = await openConsultation(
        browsers[0],
        server.origin,
        consultation.professional,
        consultation.id,
        TABLET,
        'the professional',
      )
      const patient = await openConsultation(
        browsers[1],
        server.origin,
        consultation.patient,
        consultation.id,
        PHONE,
        'the patient',
      )
      await professional.getByRole('button', { name: 'Videollamada' }).click()
      const accept = patient.getByRole('button', { name: 'Aceptar' })
      await expect(accept).toBeVisible()
      const pressed = Date.now()
      await accept.click()
      const seen = await Promise.all([
        firstFrameAfter(patient, 0),
        firstFrameAfter(professional, 0),
      ])
      answerToVideo.push(Math.max(...seen) - pressed)

      await relay.kill()
      for (const page of [patient, professional]) {
        await expect(page.getByText('Reconectando…')).toBeVisible({ timeout: 30_000 })
      }
      const frozen = [(await mediaStats(patient)).frames, (await mediaStats(professional)).frames]
      await relay.restart()
      const back = Date.now()
      const flowing = await Promise.all([
        firstFrameAfter(patient, frozen[0] ?? 0),
        firstFrameAfter(professional, frozen[1] ?? 0),
      ])
      relayReturnToVideo.push(Math.max(...flowing) - back)
      console.log(
        `run ${String(run)}: answer → video ${String(answerToVideo.at(-1))} ms, relay return → video ${String(relayReturnToVideo.at(-1))} ms`,
      )
      await professional.getByRole('button', { name: 'Colgar' }).click()
      await finishConsultation(server.origin, consultation)
      await professional.context().close()
      await patient.context().close()
    }
  } finally {
    for (const browser of browsers) await browser.close()
    await server.stop()
    await relay.stop()
  }
  const [one] = loadavg()
  const results = {
    runs: RUNS,
    answerToVideoMs: summary(answerToVideo),
    relayReturnToVideoMs: summary(relayReturnToVideo),
    machine: `load average ${one?.toFixed(2) ?? '?'} on ${String(cpus().length)} cores`,
  }
  console.log(
    `answer → first remote video frame: median ${String(results.answerToVideoMs.median)} ms, max ${String(results.answerToVideoMs.max)} ms`,
  )
  console.log(
    `relay return → frames again: median ${String(results.relayReturnToVideoMs.median)} ms, max ${String(results.relayReturnToVideoMs.max)} ms`,
  )
  console.log(results.machine)
  mkdirSync(dirname(RESULTS_FILE), { recursive: true })
  writeFileSync(RESULTS_FILE, `${JSON.stringify(results, null, 2)}\n`)
}

await main()
