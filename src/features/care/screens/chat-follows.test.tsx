/**
 * The conversation follows its newest line while the person is at its end, and when they went up
 * to read it stays put and offers "Nuevos mensajes". jsdom lays nothing out: each line is given
 * 100 px in a box 300 px tall.
 */
import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Mensaje } from '../../../contract/care'
import * as careApi from '../api/care-api'
import { ConsultationScreen } from './ConsultationScreen'
import { anAsistencia } from '../testing/asistencia'
import { emitCareEvent } from '../testing/fake-live'
import { WithQueryClient } from '../testing/with-query-client'

vi.mock('../live/live', () => import('../testing/fake-live'))
vi.mock('../outbox/outbox', () => import('../testing/empty-outbox'))
vi.mock('../api/care-api')
vi.mock('../api/referrals-api')

const api = vi.mocked(careApi)
const ID = '0b7d1f0e-4a4c-4d8e-9a51-2f6f3c1d9e01'
const LINE_PX = 100
const BOX_PX = 300
const PATIENT = { id: 1, nombre: 'Lucía Martín', rol: 'cliente' }
const PROFESSIONAL = { id: 5, nombre: 'Dra. Ruiz', rol: 'profesional' }

let count = 0
function message(autor: Mensaje['autor'], texto: string): Mensaje {
  count += 1
  return {
    id: `00000000-0000-4000-8000-${String(count).padStart(12, '0')}`,
    asistencia_id: ID,
    autor,
    texto,
    foto: null,
    creado_en: new Date(Date.UTC(2026, 10, 23, 10, 5, count)).toISOString(),
  }
}

const isLog = (element: Element) => element.getAttribute('role') === 'log'

function fakeLayout() {
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return isLog(this) ? this.querySelectorAll('li').length * LINE_PX : 0
  })
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return isLog(this) ? BOX_PX : 0
  })
}

/** Whether the newest line is inside the box's window. */
function showsNewest(log: HTMLElement): boolean {
  return log.scrollTop + BOX_PX >= log.querySelectorAll('li').length * LINE_PX
}

async function openAsPatient(history: Mensaje[]): Promise<HTMLElement> {
  return (await openConversation(history)).log
}

async function openConversation(history: Mensaje[]) {
  api.readAsistencia.mockResolvedValue(
    anAsistencia({
      id: ID,
      estado: 'en_curso',
      profesional: { id: PROFESSIONAL.id, nombre: PROFESSIONAL.nombre },
      atendida_en: '2026-11-23T10:05:00.000Z',
    }),
  )
  api.listMensajes.mockResolvedValue(history)
  const view = render(
    <WithQueryClient>
      <MemoryRouter>
        <ConsultationScreen tenant="hospital-central" id={ID} rol="cliente" userId={PATIENT.id} />
      </MemoryRouter>
    </WithQueryClient>,
  )
  const log = await screen.findByRole('log', { name: 'Conversación' })
  await within(log).findByText(history.at(-1)?.texto ?? '')
  return { log, unmount: view.unmount }
}

function readUp(log: HTMLElement) {
  log.scrollTop = LINE_PX
  fireEvent.scroll(log)
}

function tenLines() {
  return Array.from({ length: 10 }, (_, n) =>
    message(n % 2 === 0 ? PATIENT : PROFESSIONAL, `Línea ${String(n)}`),
  )
}

beforeEach(() => {
  vi.resetAllMocks()
  fakeLayout()
})

afterEach(() => {
  vi.restoreAllMocks()
})

describe('a conversation that follows', () => {
  it('opens at its newest line', async () => {
    const log = await openAsPatient(tenLines())
    expect(showsNewest(log)).toBe(true)
  })

  it('keeps the newest line in view while the person is at the end', async () => {
    const log = await openAsPatient(tenLines())
    emitCareEvent({ tipo: 'mensaje', mensaje: message(PROFESSIONAL, '¿Tiene fiebre?') })
    expect(within(log).getByText('¿Tiene fiebre?')).toBeVisible()
    expect(showsNewest(log)).toBe(true)
    expect(screen.queryByRole('button', { name: 'Nuevos mensajes' })).toBeNull()
  })

  it('stays where the person reads and offers "Nuevos mensajes", which goes to the newest', async () => {
    const log = await openAsPatient(tenLines())
    readUp(log)
    emitCareEvent({ tipo: 'mensaje', mensaje: message(PROFESSIONAL, '¿Tiene fiebre?') })
    expect(log.scrollTop).toBe(LINE_PX)
    const jump = screen.getByRole('button', { name: 'Nuevos mensajes' })

    await userEvent.click(jump)
    expect(showsNewest(log)).toBe(true)
    expect(screen.queryByRole('button', { name: 'Nuevos mensajes' })).toBeNull()
    // The button is gone: the keyboard is in the conversation, not lost on the page.
    expect(log).toHaveFocus()
  })

  it('drops "Nuevos mensajes" once the person scrolls down to the end', async () => {
    const log = await openAsPatient(tenLines())
    readUp(log)
    emitCareEvent({ tipo: 'mensaje', mensaje: message(PROFESSIONAL, '¿Tiene fiebre?') })
    expect(screen.getByRole('button', { name: 'Nuevos mensajes' })).toBeVisible()
    log.scrollTop = 11 * LINE_PX - BOX_PX
    fireEvent.scroll(log)
    expect(screen.queryByRole('button', { name: 'Nuevos mensajes' })).toBeNull()
  })

  it('brings the person to what they just sent, wherever they were', async () => {
    const log = await openAsPatient(tenLines())
    readUp(log)
    api.sendMensaje.mockImplementation((_id, body) =>
      Promise.resolve({ ...message(PATIENT, body.texto), id: body.id }),
    )
    await userEvent.type(screen.getByLabelText('Mensaje'), 'Desde ayer.')
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await within(log).findByText('Desde ayer.')).toBeVisible()
    expect(showsNewest(log)).toBe(true)
    expect(screen.queryByRole('button', { name: 'Nuevos mensajes' })).toBeNull()
  })

  it('scrolls smoothly, or at once for a person who asks for reduced motion', async () => {
    const scrolls: ScrollToOptions[] = []
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      value(this: Element, options: ScrollToOptions) {
        scrolls.push(options)
        this.scrollTop = options.top ?? 0
      },
    })
    try {
      for (const isReduced of [false, true]) {
        vi.stubGlobal(
          'matchMedia',
          (query: string) =>
            ({
              matches: query === '(prefers-reduced-motion: reduce)' && isReduced,
              addEventListener: () => undefined,
              removeEventListener: () => undefined,
            }) as unknown as MediaQueryList,
        )
        const { log, unmount } = await openConversation(tenLines())
        scrolls.length = 0
        emitCareEvent({
          tipo: 'mensaje',
          mensaje: message(PROFESSIONAL, `Otra ${String(isReduced)}`),
        })
        expect(scrolls.at(-1)?.behavior).toBe(isReduced ? 'auto' : 'smooth')
        expect(showsNewest(log)).toBe(true)
        unmount()
      }
    } finally {
      Reflect.deleteProperty(Element.prototype, 'scrollTo')
      vi.unstubAllGlobals()
    }
  })
})

describe('the message form', () => {
  it('empties its photo once the message went with it', async () => {
    const log = await openAsPatient(tenLines())
    const FOTO = '11111111-1111-4111-8111-111111111111'
    api.uploadFoto.mockResolvedValue({ id: FOTO, url: `/fotos/${FOTO}` })
    api.sendMensaje.mockImplementation((_id, body) =>
      Promise.resolve({ ...message(PATIENT, body.texto), id: body.id, foto: null }),
    )
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')
    if (picker === null) throw new Error('No photo field')
    await userEvent.upload(picker, new File(['jpeg'], 'brazo.jpg', { type: 'image/jpeg' }))
    expect(await screen.findByRole('img', { name: 'Foto 1: brazo.jpg' })).toBeVisible()
    await userEvent.type(screen.getByLabelText('Mensaje'), 'Así está.')
    await userEvent.click(screen.getByRole('button', { name: 'Enviar' }))
    expect(await within(log).findByText('Así está.')).toBeVisible()
    expect(api.sendMensaje).toHaveBeenLastCalledWith(ID, expect.objectContaining({ foto: FOTO }))

    expect(screen.queryByRole('img', { name: /brazo\.jpg/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Adjuntar foto' })).toBeVisible()
    expect(screen.getByLabelText('Mensaje')).toHaveValue('')
  })
})

describe('on a phone', () => {
  it('shows the conversation first and folds the request’s details, open on a wide screen', async () => {
    for (const isPhone of [true, false]) {
      vi.stubGlobal(
        'matchMedia',
        (query: string) =>
          ({
            matches: query === '(max-width: 600px)' && isPhone,
            addEventListener: () => undefined,
            removeEventListener: () => undefined,
          }) as unknown as MediaQueryList,
      )
      const { log, unmount } = await openConversation(tenLines())
      const details = screen.getByText('Detalles de la solicitud').closest('details')
      if (details === null) throw new Error('No details')
      expect(details.open).toBe(!isPhone)
      expect(within(details).getByText('Dolor de cabeza')).toBeInTheDocument()
      const isDetailsFirst =
        (details.compareDocumentPosition(log) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
      expect(isDetailsFirst).toBe(!isPhone)
      if (isPhone) {
        await userEvent.click(screen.getByText('Detalles de la solicitud'))
        expect(details.open).toBe(true)
      }
      unmount()
    }
    vi.unstubAllGlobals()
  })
})
