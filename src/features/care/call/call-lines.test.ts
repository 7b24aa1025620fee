import { describe, expect, it } from 'vitest'
import type { Llamada } from '../../../contract/calls'
import type { Mensaje } from '../../../contract/care'
import { describeCall } from '../../../contract/record'
import { mergeConversation } from './call-lines'

function llamada(overrides: Partial<Llamada>): Llamada {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    asistencia_id: '00000000-0000-4000-8000-0000000000aa',
    video: true,
    estado: 'terminada',
    motivo_fin: 'colgada',
    iniciada_por: 'profesional',
    creada_en: '2026-03-01T10:00:00.000Z',
    aceptada_en: '2026-03-01T10:00:10.000Z',
    terminada_en: '2026-03-01T10:12:10.000Z',
    ...overrides,
  }
}

function mensaje(id: string, creado_en: string): Mensaje {
  return {
    id,
    asistencia_id: '00000000-0000-4000-8000-0000000000aa',
    autor: { id: 1, nombre: 'Marta Gil', rol: 'cliente' },
    texto: id,
    foto: null,
    creado_en,
  }
}

describe('a call’s line in the conversation', () => {
  it('says what it was and how long it lasted', () => {
    expect(describeCall(llamada({}))).toBe('Videollamada · 12 min')
    expect(describeCall(llamada({ video: false, terminada_en: '2026-03-01T10:00:20.000Z' }))).toBe(
      'Llamada de voz · 1 min',
    )
  })

  it('says a call nobody answered was missed, and a declined one was declined', () => {
    const unanswered = { aceptada_en: null, terminada_en: '2026-03-01T10:00:45.000Z' }
    expect(describeCall(llamada({ ...unanswered, motivo_fin: 'sin_respuesta' }))).toBe(
      'Llamada perdida',
    )
    expect(describeCall(llamada({ ...unanswered, motivo_fin: 'colgada' }))).toBe('Llamada perdida')
    expect(describeCall(llamada({ ...unanswered, motivo_fin: 'rechazada' }))).toBe(
      'Videollamada rechazada',
    )
  })

  it('goes among the messages where it started; one ringing or running has none', () => {
    const before = mensaje('antes', '2026-03-01T09:59:00.000Z')
    const after = mensaje('después', '2026-03-01T10:05:00.000Z')
    const running = llamada({
      id: '00000000-0000-4000-8000-000000000002',
      estado: 'en_curso',
      creada_en: '2026-03-01T10:20:00.000Z',
      terminada_en: null,
      motivo_fin: null,
    })
    const entries = mergeConversation([before, after], [running, llamada({})])
    expect(entries.map((entry) => entry.mensaje?.id ?? entry.llamada?.id)).toEqual([
      'antes',
      '00000000-0000-4000-8000-000000000001',
      'después',
    ])
  })
})
