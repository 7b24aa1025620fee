/**
 * The link of an email change, opened at `/{tenant}/perfil?codigo=…`, signed in or not (the link
 * proves the address): its code is spent once, whatever renders this twice.
 */
import { useQuery } from '@tanstack/react-query'
import { confirmEmailChange } from './profile-api'
import { describeProfileError } from './profile-errors'

export function EmailChangeConfirmation({ tenant, codigo }: { tenant: string; codigo: string }) {
  // A single-use code: read once and kept for the page's life, never fetched again.
  const confirmation = useQuery({
    queryKey: ['perfil', 'correo-confirmado', tenant, codigo],
    queryFn: () => confirmEmailChange(tenant, codigo),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnMount: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  })
  if (confirmation.error) {
    return (
      <p role="alert" className="form-alert">
        {describeProfileError(confirmation.error)}
      </p>
    )
  }
  if (!confirmation.data) return <p role="status">Confirmando tu nuevo correo…</p>
  return (
    <p role="status">
      Correo cambiado: tu cuenta usa ahora <strong>{confirmation.data.email}</strong>.
    </p>
  )
}
