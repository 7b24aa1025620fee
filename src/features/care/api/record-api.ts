/**
 * The record of a consultation that is over, read on its own screen (`…/registro`) and kept as a
 * PDF made by the server (`…/registro.pdf`). Both are health data: read through the API client,
 * never stored on the device; the PDF goes straight from memory to the download.
 */
import { asistenciaPath } from '../../../config/api-paths'
import { RegistroConsulta, recordFileName } from '../../../contract/record'
import { api } from '../../../lib/api'
import { readAnswer } from '../../../lib/answer-shape'

export async function readRegistro(id: string, signal?: AbortSignal): Promise<RegistroConsulta> {
  return readAnswer(RegistroConsulta, await api.request(asistenciaPath(id, 'registro'), { signal }))
}

/** The calendar day of `iso` in `timeZone`, as YYYY-MM-DD (the PDF's file name carries it). */
function dayIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(iso))
  const part = (type: string) => parts.find((entry) => entry.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** How long the PDF's object URL outlives the click that downloads it. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000

/** Downloads the record's PDF (the server writes it) as `consulta-{day}.pdf`. */
export async function downloadRegistroPdf(registro: RegistroConsulta): Promise<void> {
  const { asistencia, hospital } = registro
  const pdf = await api.blob(asistenciaPath(asistencia.id, 'registro.pdf'))
  const url = URL.createObjectURL(pdf)
  const link = document.createElement('a')
  link.href = url
  link.download = recordFileName(dayIn(asistencia.creada_en, hospital.zona_horaria))
  link.click()
  // Revoked once the browser has surely taken the file (revoking at once may cancel it).
  setTimeout(() => {
    URL.revokeObjectURL(url)
  }, DOWNLOAD_URL_LIFETIME_MS)
}
