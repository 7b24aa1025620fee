/**
 * The referral calls of the API, apart from the care journey's (`care-api.ts`) so that the
 * patient's screens, which load that one, never load the referral schemas.
 */
import { asistenciaPath } from '../../../config/api-paths'
import { Asistencia } from '../../../contract/care'
import { Referidos, type NuevaDerivacion } from '../../../contract/referrals'
import { api } from '../../../lib/api'
import { readAnswer } from '../../../lib/answer-shape'

/**
 * A professional's referrals. Named here rather than in `API_PATHS`, which every screen's first
 * load carries: only the referral screens need it.
 */
const REFERIDOS_PATH = '/api/referidos'

/** Refers the patient of request `id` to a colleague; the answer is the new, waiting request. */
export async function derivarAsistencia(id: string, body: NuevaDerivacion): Promise<Asistencia> {
  return readAnswer(
    Asistencia,
    await api.request(asistenciaPath(id, 'derivar'), { method: 'POST', body }),
  )
}

/** The signed-in professional's referrals, made and received. */
export async function listReferidos(signal?: AbortSignal): Promise<Referidos> {
  return readAnswer(Referidos, await api.request(REFERIDOS_PATH, { signal }))
}
