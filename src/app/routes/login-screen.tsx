import { useNavigate } from 'react-router'
import { SectionPage } from '../../components/SectionPage'
import { paths } from '../../config/paths'
import type { ReservedSegment } from '../../contract/tenants'
import { LoginForm } from '../../features/auth/LoginForm'
import { useTenantLayoutData } from './screen-parts'
import { SCREEN_TITLES } from './screen-titles'

/** Sign-in, then the screen of the user's role. */
export function LoginScreen({ screen }: { screen: ReservedSegment }) {
  const { tenant } = useTenantLayoutData()
  const navigate = useNavigate()
  return (
    <SectionPage title={SCREEN_TITLES[screen]}>
      <p>Introduce el correo electrónico y la contraseña de tu cuenta.</p>
      <LoginForm
        tenant={tenant}
        onSignedIn={(user) => {
          void navigate(paths.home(tenant, user.rol))
        }}
      />
    </SectionPage>
  )
}
