import type { AccountRepository } from '../repositories/accounts.js'

/**
 * A hospital's specialties: those of its enabled professionals, sorted. The one place that says
 * what a hospital's specialties are, for every route that takes one.
 */
export async function specialtiesOf(
  accounts: Pick<AccountRepository, 'listProfessionals'>,
  tenant: string,
): Promise<string[]> {
  const professionals = await accounts.listProfessionals(tenant)
  const names = new Set(
    professionals.flatMap(({ especialidad }) => (especialidad === null ? [] : [especialidad])),
  )
  return [...names].sort((a, b) => a.localeCompare(b, 'es'))
}
