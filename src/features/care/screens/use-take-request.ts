/**
 * "Atender" from a list (the queue, the received referrals): one request taken at a time, then
 * its consultation; a refusal ("Otro profesional ya la está atendiendo") stays by its row until
 * that row is tried again.
 */
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { paths } from '../../../config/paths'
import { atenderAsistencia } from '../api/care-api'
import { describeCareError } from '../api/care-errors'

export function useTakeRequest(tenant: string) {
  const navigate = useNavigate()
  const [rowErrors, setRowErrors] = useState<Readonly<Record<string, string>>>({})
  const [taking, setTaking] = useState<string | null>(null)

  async function take(id: string) {
    setTaking(id)
    setRowErrors((errors) =>
      Object.fromEntries(Object.entries(errors).filter(([key]) => key !== id)),
    )
    try {
      const taken = await atenderAsistencia(id)
      await navigate(`${paths.screen(tenant, 'atencion-asistencia')}/${taken.id}`)
    } catch (error) {
      setRowErrors((errors) => ({ ...errors, [id]: describeCareError(error) }))
      setTaking(null)
    }
  }

  return {
    /** The Spanish refusal per request id. */
    rowErrors,
    /** The request being taken, if any: every "Atender" waits for it. */
    isTaking: taking !== null,
    take,
  }
}
