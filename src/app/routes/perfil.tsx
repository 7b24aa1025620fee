import { useQueryClient } from '@tanstack/react-query'
import { useFetcher, useSearchParams } from 'react-router-dom'
import { Link } from '../../components/Link'
import { SectionPage } from '../../components/SectionPage'
import { paths } from '../../config/paths'
import { EMAIL_CHANGE_CODE_PARAM } from '../../contract/profile'
import { belongsToOtherHospital, startSession } from '../../features/auth/session'
import { SESSION_QUERY_KEY } from '../../features/auth/session-query'
import { EmailChangeConfirmation } from '../../features/profile/EmailChangeConfirmation'
import { ProfileScreen } from '../../features/profile/ProfileScreen'
import { useSession, useTenant } from '../tenant-route'

const TITLE = 'Mi perfil'

/**
 * "Mi perfil", for every signed-in account but guests of immediate care; the link of an email
 * change opens here too, signed in or not.
 */
export function Component() {
  const tenant = useTenant()
  const [searchParams] = useSearchParams()
  const codigo = searchParams.get(EMAIL_CHANGE_CODE_PARAM)
  if (codigo !== null) {
    return (
      <SectionPage title="Confirmar el nuevo correo">
        <EmailChangeConfirmation tenant={tenant} codigo={codigo} />
        <p>
          <Link to={paths.profile(tenant)}>Ir a mi perfil</Link>
        </p>
      </SectionPage>
    )
  }
  return <SignedInProfile tenant={tenant} />
}

function SignedInProfile({ tenant }: { tenant: string }) {
  const state = useSession()
  const client = useQueryClient()
  const fetcher = useFetcher()
  if (state.status !== 'verified') {
    return (
      <SectionPage title={TITLE}>
        {state.status === 'unverified' ? (
          <p>No hay conexión con el servidor: tu perfil se mostrará en cuanto vuelva.</p>
        ) : (
          <p>
            Para ver tu perfil, <Link to={paths.login(tenant)}>inicia sesión</Link>.
          </p>
        )}
      </SectionPage>
    )
  }
  const { user } = state
  if (user.invitado || belongsToOtherHospital(user, tenant)) {
    return (
      <SectionPage title={TITLE}>
        <p>
          {user.invitado
            ? 'Una atención sin cuenta no tiene perfil.'
            : 'Tu perfil está en tu propio centro.'}{' '}
          <Link to={paths.home(user.tenant, user.rol)}>Volver</Link>
        </p>
      </SectionPage>
    )
  }
  return (
    <SectionPage title={TITLE}>
      <ProfileScreen
        onNameChanged={() => {
          void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
        }}
        onPasswordChanged={async (answer) => {
          await startSession(answer, tenant)
          await client.invalidateQueries({ queryKey: SESSION_QUERY_KEY })
        }}
        onAccountClosed={() => {
          // The account's sessions have ended with it: this device forgets it and signs out.
          void fetcher.submit(null, { method: 'post', action: paths.tenantRoot(tenant) })
        }}
      />
    </SectionPage>
  )
}
