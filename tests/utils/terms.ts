/** A hospital's terms through the API, for journeys whose patients must have accepted them. */
import { expect, type APIRequestContext } from '@playwright/test'

/** The hospital's current version, or null when it has published none. */
export async function currentTermsVersion(
  request: APIRequestContext,
  tenant: string,
): Promise<number | null> {
  const answer = await request.get(`/api/terminos?tenant=${tenant}`)
  expect(answer.status()).toBe(200)
  const { vigentes } = (await answer.json()) as { vigentes: { version: number } | null }
  return vigentes?.version ?? null
}

/** Accepts `tenant`'s current terms as the holder of `token` (a patient's first visit would). */
export async function acceptCurrentTerms(
  request: APIRequestContext,
  tenant: string,
  token: string,
): Promise<void> {
  const version = await currentTermsVersion(request, tenant)
  if (version === null) return
  const accepted = await request.post('/api/terminos/aceptar', {
    headers: { 'X-Authorization': `Bearer ${token}` },
    data: { version },
  })
  expect(accepted.status()).toBe(204)
}
