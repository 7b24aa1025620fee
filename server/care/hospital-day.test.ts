import { afterEach, describe, expect, it } from 'vitest'
import type { EstadisticasHoy } from '../../src/contract/shift-board.js'
import type { AppDatabase } from '../database/schema.js'
import { DEMO, requestHelp, signIn } from '../testing/care-client.js'
import { createTestApp, type TestApp } from '../testing/test-app.js'
import { createTestDatabase } from '../testing/test-database.js'
import { dayIn, startOfDayIn, usableTimeZone } from './hospital-day.js'

const at = (iso: string) => Date.parse(iso)

describe("a hospital's day", () => {
  it('begins at midnight in its own time zone, daylight saving time included', () => {
    expect(startOfDayIn('Europe/Madrid', at('2026-11-26T10:00:00Z'))).toBe(
      '2026-11-25T23:00:00.000Z',
    )
    expect(startOfDayIn('Europe/Madrid', at('2026-07-01T10:00:00Z'))).toBe(
      '2026-06-30T22:00:00.000Z',
    )
    expect(startOfDayIn('Atlantic/Canary', at('2026-11-26T10:00:00Z'))).toBe(
      '2026-11-26T00:00:00.000Z',
    )
    // The night the clocks go forward, the day still began at the previous midnight.
    expect(startOfDayIn('Europe/Madrid', at('2026-03-29T12:00:00Z'))).toBe(
      '2026-03-28T23:00:00.000Z',
    )
  })

  it('is another date on either side of midnight, wherever that falls', () => {
    const lateEvening = at('2026-11-25T23:30:00Z')
    expect(dayIn('Europe/Madrid', lateEvening)).toBe('2026-11-26')
    expect(dayIn('Atlantic/Canary', lateEvening)).toBe('2026-11-25')
  })

  it('falls back to mainland Spain for a zone nobody knows', () => {
    expect(usableTimeZone('Marte/Olympus')).toBe('Europe/Madrid')
    expect(usableTimeZone(undefined)).toBe('Europe/Madrid')
    expect(usableTimeZone('Atlantic/Canary')).toBe('Atlantic/Canary')
  })
})

describe("today's figures", () => {
  let testApp: TestApp | undefined
  let db: AppDatabase | undefined

  afterEach(async () => {
    await testApp?.close()
    await db?.destroy()
  })

  it("count from midnight in the hospital's time zone", async () => {
    // 22:50 UTC: already tomorrow in Madrid (23:50 → counted from 23:00 UTC), still today in
    // the Canary Islands (22:50, counted from 00:00 UTC).
    let clock = at('2026-11-25T22:50:00Z')
    db = await createTestDatabase()
    testApp = await createTestApp({ database: db, now: () => clock, careSweepIntervalMs: 0 })
    const patient = await signIn(testApp.app, DEMO.patient)
    await requestHelp(patient)
    clock = at('2026-11-25T23:10:00Z')
    const admin = await signIn(testApp.app, DEMO.admin)
    const figures = async () =>
      (await admin.call('GET', '/api/asistencias/estadisticas')).json<EstadisticasHoy>()

    expect((await figures()).solicitudes_hoy).toBe(0)
    await db
      .updateTable('hospitals')
      .set({ zona_horaria: 'Atlantic/Canary' })
      .where('tenant', '=', 'hospital-central')
      .execute()
    expect((await figures()).solicitudes_hoy).toBe(1)
  }, 60_000)
})
