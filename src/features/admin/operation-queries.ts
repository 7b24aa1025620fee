/**
 * How a hospital runs ("Funcionamiento") and how far its opening has come ("Puesta en marcha"),
 * as the page's cache holds them: the calls of the API, one `queryOptions` per read, and the
 * keys a change writes to.
 */
import { queryOptions } from '@tanstack/react-query'
import { adminHospitalPath } from '../../config/api-paths'
import { Funcionamiento, PuestaEnMarcha } from '../../contract/hospital-operation'
import { readAnswer } from '../../lib/answer-shape'
import { api } from '../../lib/api'

/** The first part of every key of these queries. */
export const OPERATION_QUERY_ROOT = 'funcionamiento'

export const operationKeys = {
  limits: (tenant: string) => [OPERATION_QUERY_ROOT, 'caducidad', tenant] as const,
  opening: (tenant: string) => [OPERATION_QUERY_ROOT, 'puesta-en-marcha', tenant] as const,
}

/** The hospital's request expiry limits. */
export function expiryLimitsQuery(tenant: string) {
  return queryOptions({
    queryKey: operationKeys.limits(tenant),
    queryFn: async ({ signal }) =>
      readAnswer(
        Funcionamiento,
        await api.request(adminHospitalPath(tenant, 'funcionamiento'), { signal }),
      ),
  })
}

/** Sets the hospital's request expiry limits; answers them as stored. */
export const saveExpiryLimits = async (tenant: string, limits: Funcionamiento) =>
  readAnswer(
    Funcionamiento,
    await api.request(adminHospitalPath(tenant, 'funcionamiento'), { method: 'PUT', body: limits }),
  )

/** Which steps of the hospital's opening are done. */
export function openingStepsQuery(tenant: string) {
  return queryOptions({
    queryKey: operationKeys.opening(tenant),
    queryFn: async ({ signal }) =>
      readAnswer(
        PuestaEnMarcha,
        await api.request(adminHospitalPath(tenant, 'puesta-en-marcha'), { signal }),
      ),
  })
}

/** Records that the hospital's install page was opened to print it. */
export async function recordInstallSheetPrinted(tenant: string): Promise<void> {
  await api.request(adminHospitalPath(tenant, 'puesta-en-marcha', 'instalacion-impresa'), {
    method: 'POST',
  })
}
