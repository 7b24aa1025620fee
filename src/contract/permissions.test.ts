import { describe, expect, it } from 'vitest'
import type { EstadoAsistencia } from './care'
import { ESTADOS_ASISTENCIA } from './care'
import {
  homeScreenOf,
  isEntitled,
  isProductAdmin,
  isTimely,
  may,
  requestListOf,
  type Actor,
  type RequestAction,
  type RequestFacts,
} from './permissions'
import type { ReservedSegment } from './tenants'

const NOW = Date.parse('2026-11-26T12:00:00.000Z')
const HOUR = 3_600_000

/** Everyone who might ask about a request of patient 1 at hospital `h`, attended by 2. */
const ACTORS = {
  patient: { id: 1, rol: 'cliente', tenant: 'h' },
  otherPatient: { id: 9, rol: 'cliente', tenant: 'h' },
  professional: { id: 2, rol: 'profesional', tenant: 'h' },
  colleague: { id: 3, rol: 'profesional', tenant: 'h' },
  admin: { id: 4, rol: 'admin', tenant: 'h' },
  foreignProfessional: { id: 5, rol: 'profesional', tenant: 'otro' },
  portalAdmin: { id: 6, rol: 'admin', tenant: 'main' },
} satisfies Record<string, Actor>
type Who = keyof typeof ACTORS

/** A request in `estado` as it really is then: attended by 2 once taken. */
function requestIn(estado: EstadoAsistencia, overrides: Partial<RequestFacts> = {}): RequestFacts {
  const wasTaken = estado === 'en_curso' || estado === 'finalizada'
  return {
    tenant: 'h',
    estado,
    pacienteId: 1,
    profesionalId: wasTaken ? 2 : null,
    destinatarioId: null,
    derivadorId: null,
    cerradaEn:
      estado === 'en_espera' || estado === 'en_curso' ? null : new Date(NOW - HOUR).toISOString(),
    isRated: false,
    ...overrides,
  }
}

const ALL: readonly Who[] = ['patient', 'professional', 'colleague', 'admin']
const STAFF: readonly Who[] = ['professional', 'colleague', 'admin']
const byState = (
  entries: Partial<Record<EstadoAsistencia, readonly Who[]>>,
): Record<EstadoAsistencia, readonly Who[]> => ({
  en_espera: [],
  en_curso: [],
  finalizada: [],
  cancelada: [],
  caducada: [],
  ...entries,
})
const everyState = (who: readonly Who[]) =>
  byState(Object.fromEntries(ESTADOS_ASISTENCIA.map((estado) => [estado, who])))

/** Who may do each action, in each state: written out, not derived. */
const EXPECTED: Record<RequestAction, Record<EstadoAsistencia, readonly Who[]>> = {
  ver: everyState(ALL),
  seguir: everyState(ALL),
  leer_nota: everyState(STAFF),
  recibir_mensajes: byState({
    en_espera: ['patient', 'admin'],
    en_curso: ['patient', 'professional', 'admin'],
    finalizada: ['patient', 'professional', 'admin'],
    cancelada: ['patient', 'admin'],
    caducada: ['patient', 'admin'],
  }),
  atender: byState({ en_espera: ['professional', 'colleague'] }),
  finalizar: byState({ en_curso: ['professional'] }),
  cancelar: byState({ en_espera: ['patient'] }),
  valorar: byState({ finalizada: ['patient'] }),
  derivar: byState({ en_curso: ['professional'], finalizada: ['professional'] }),
  escribir: byState({ en_curso: ['patient', 'professional'] }),
  adjuntar_foto: byState({ en_espera: ['patient'], en_curso: ['patient', 'professional'] }),
  asignar: byState({ en_espera: ['admin'] }),
  cerrar: byState({ en_espera: ['admin'] }),
}

describe('may, for every role, action and state of a request', () => {
  const cases = Object.entries(EXPECTED).flatMap(([action, states]) =>
    ESTADOS_ASISTENCIA.flatMap((estado) =>
      (Object.keys(ACTORS) as Who[]).map(
        (who) => [action as RequestAction, estado, who, states[estado].includes(who)] as const,
      ),
    ),
  )

  it.each(cases)('%s on a request %s, by %s: %s', (action, estado, who, expected) => {
    expect(may(ACTORS[who], action, requestIn(estado), NOW)).toBe(expected)
  })
})

describe('a referral addressed to one professional', () => {
  // Referred by professional 3 to professional 2, waiting.
  const referral = requestIn('en_espera', { destinatarioId: 2, derivadorId: 3 })
  const other: Actor = { id: 7, rol: 'profesional', tenant: 'h' }

  it('is theirs to take, and no other professional’s', () => {
    expect(may(ACTORS.professional, 'atender', referral, NOW)).toBe(true)
    expect(may(ACTORS.colleague, 'atender', referral, NOW)).toBe(false)
    expect(may(other, 'atender', referral, NOW)).toBe(false)
  })

  it('reaches its referrer’s stream and theirs, not a colleague’s it is not addressed to', () => {
    expect(may(ACTORS.colleague, 'seguir', referral, NOW)).toBe(true)
    expect(may(ACTORS.professional, 'seguir', referral, NOW)).toBe(true)
    expect(may(other, 'seguir', referral, NOW)).toBe(false)
    expect(may(ACTORS.admin, 'seguir', referral, NOW)).toBe(true)
    expect(may(ACTORS.patient, 'seguir', referral, NOW)).toBe(true)
  })

  it('keeps its note from its patient and from colleagues it is not addressed to', () => {
    expect(may(ACTORS.patient, 'leer_nota', referral, NOW)).toBe(false)
    expect(may(other, 'leer_nota', referral, NOW)).toBe(false)
    expect(may(ACTORS.colleague, 'leer_nota', referral, NOW)).toBe(true)
    expect(may(ACTORS.admin, 'leer_nota', referral, NOW)).toBe(true)
  })
})

describe('a request assigned on the board to one professional', () => {
  // Assigned to professional 2, waiting (no referral).
  const assigned = requestIn('en_espera', { destinatarioId: 2 })
  const other: Actor = { id: 7, rol: 'profesional', tenant: 'h' }

  it('is theirs to take, and no other professional’s', () => {
    expect(may(ACTORS.professional, 'atender', assigned, NOW)).toBe(true)
    expect(may(other, 'atender', assigned, NOW)).toBe(false)
  })

  it('still reaches colleagues’ streams, so their queues drop it', () => {
    expect(may(other, 'seguir', assigned, NOW)).toBe(true)
  })
})

describe('time and once-only rules', () => {
  it('refers a finished consultation within 24 hours of its end, not after', () => {
    const endedAt = (hoursAgo: number) =>
      requestIn('finalizada', { cerradaEn: new Date(NOW - hoursAgo * HOUR).toISOString() })
    expect(may(ACTORS.professional, 'derivar', endedAt(23.9), NOW)).toBe(true)
    expect(may(ACTORS.professional, 'derivar', endedAt(24), NOW)).toBe(true)
    expect(may(ACTORS.professional, 'derivar', endedAt(24.1), NOW)).toBe(false)
  })

  it('rates a consultation once', () => {
    expect(may(ACTORS.patient, 'valorar', requestIn('finalizada', { isRated: true }), NOW)).toBe(
      false,
    )
  })

  it('tells who may (403) apart from when (409)', () => {
    const closed = requestIn('cancelada')
    expect(isEntitled(ACTORS.patient, 'cancelar', closed)).toBe(true)
    expect(isTimely('cancelar', closed, NOW)).toBe(false)
    expect(isEntitled(ACTORS.otherPatient, 'cancelar', requestIn('en_espera'))).toBe(false)
  })

  it('knows no one it cannot place: an unknown role or a page without the id', () => {
    const unknown: Actor = { id: 1, rol: 'superusuario', tenant: 'h' }
    expect(may(unknown, 'cancelar', requestIn('en_espera'), NOW)).toBe(true)
    expect(may(unknown, 'ver', requestIn('en_espera', { pacienteId: 2 }), NOW)).toBe(false)
    expect(may(unknown, 'solicitar')).toBe(false)
    const withoutId: Actor = { rol: 'cliente', tenant: 'h' }
    expect(may(withoutId, 'cancelar', requestIn('en_espera'), NOW)).toBe(false)
  })
})

describe('what each role is granted', () => {
  it.each([
    ['cliente', ['solicitar', 'aceptar_terminos']],
    ['profesional', ['atender', 'derivar']],
    ['admin', ['supervisar', 'administrar']],
  ] as const)('a %s may %j and nothing else', (rol, granted) => {
    const actions = [
      'solicitar',
      'aceptar_terminos',
      'atender',
      'derivar',
      'supervisar',
      'administrar',
    ] as const
    for (const action of actions) {
      expect(may({ rol, tenant: 'h' }, action)).toBe(
        (granted as readonly string[]).includes(action),
      )
    }
  })

  it('lets a hospital be administered by its administrators and the portal’s only', () => {
    const hospital = { tenant: 'h' }
    expect(may(ACTORS.admin, 'administrar', hospital)).toBe(true)
    expect(may(ACTORS.portalAdmin, 'administrar', hospital)).toBe(true)
    expect(may({ rol: 'admin', tenant: 'otro' }, 'administrar', hospital)).toBe(false)
    expect(may(ACTORS.professional, 'administrar', hospital)).toBe(false)
    expect(may({ rol: 'profesional', tenant: 'main' }, 'administrar', hospital)).toBe(false)
    expect(isProductAdmin(ACTORS.portalAdmin)).toBe(true)
    expect(isProductAdmin(ACTORS.admin)).toBe(false)
  })

  it('lands each role on its own screen and lists its own requests', () => {
    expect(homeScreenOf('cliente')).toBe('cliente')
    expect(homeScreenOf('profesional')).toBe('profesional')
    expect(homeScreenOf('admin')).toBe('admin')
    expect(homeScreenOf('desconocido')).toBe('cliente')
    expect(requestListOf({ rol: 'cliente' })).toBe('own')
    expect(requestListOf({ rol: 'profesional' })).toBe('queue')
    expect(requestListOf({ rol: 'admin' })).toBe('open')
    expect(requestListOf({ rol: 'desconocido' })).toBe('own')
  })
})

describe('screens', () => {
  const opens = (rol: string, pantalla: ReservedSegment) =>
    may({ rol, tenant: 'h' }, 'abrir', { pantalla })

  it.each([
    ['cliente', 'cliente', true],
    ['solicitar-asistencia', 'cliente', true],
    ['cliente', 'profesional', false],
    ['apanel', 'profesional', false],
    ['apanel', 'admin', true],
    ['admin', 'admin', true],
    ['referidos', 'profesional', true],
    ['referidos', 'admin', true],
    ['referidos', 'cliente', false],
    ['admin', 'cliente', false],
    ['atencion-asistencia', 'cliente', true],
    ['atencion-asistencia', 'profesional', true],
    ['atencion-asistencia', 'admin', true],
    ['agradecimiento-final', 'profesional', false],
  ] as const)('%s for a %s: %s', (pantalla, rol, expected) => {
    expect(opens(rol, pantalla)).toBe(expected)
  })

  it('leaves the screens no role owns open to everyone, an unknown role too', () => {
    expect(opens('cliente', 'directorio')).toBe(true)
    expect(opens('profesional', 'terminos-y-condiciones')).toBe(true)
    expect(opens('desconocido', 'directorio')).toBe(true)
    expect(opens('desconocido', 'cliente')).toBe(false)
  })
})
