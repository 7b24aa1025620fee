import '../../features/join/join.css'
import { useEffect, useId } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { SectionPage } from '../../components/SectionPage'
import { paths } from '../../config/paths'
import { startSession } from '../../features/auth/session'
import { EmailLinkRequest } from '../../features/join/EmailLinkRequest'
import { describeJoinError } from '../../features/join/join-errors'
import { confirmAccount, resendConfirmation } from '../../features/join/join-api'
import { useLinkRedemption } from '../../features/join/use-link-redemption'
import { useTenant } from '../tenant-route'

function ResendLink({ tenant }: { tenant: string }) {
  const id = useId()
  return (
    <section className="join-section" aria-labelledby={id}>
      <h2 id={id}>Enviar otro enlace</h2>
      <p>Escribe el correo electrónico de tu cuenta y te enviaremos un enlace nuevo.</p>
      <EmailLinkRequest
        action="Enviar otro enlace"
        send={(email) => resendConfirmation(tenant, email)}
        sentText="Si la cuenta está pendiente de confirmar, te hemos enviado otro enlace."
      />
    </section>
  )
}

/** The confirmation link: spends its code, signs the patient in and opens their area. */
export function Component() {
  const tenant = useTenant()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const codigo = searchParams.get('codigo')
  const redemption = useLinkRedemption(codigo === null ? null : `validar:${codigo}`, async () =>
    startSession(await confirmAccount(tenant, codigo ?? ''), tenant),
  )

  useEffect(() => {
    if (redemption.status !== 'done') return
    // Replace: going back must not land on a spent link. The new session is read on the way.
    void navigate(paths.home(tenant, redemption.value.rol), { replace: true })
  }, [redemption, navigate, tenant])

  if (codigo === null) {
    return (
      <SectionPage title="Validar cuenta">
        <p>Sigue el enlace que te enviamos por correo electrónico para confirmar tu cuenta.</p>
        <ResendLink tenant={tenant} />
      </SectionPage>
    )
  }
  if (redemption.status === 'failed') {
    return (
      <SectionPage title="No se ha podido confirmar la cuenta">
        <p role="alert" className="form-alert">
          {describeJoinError(redemption.error)}
        </p>
        <ResendLink tenant={tenant} />
      </SectionPage>
    )
  }
  return (
    <SectionPage title="Validar cuenta">
      <p role="status">
        {redemption.status === 'done' ? 'Cuenta confirmada. Entrando…' : 'Confirmando tu cuenta…'}
      </p>
    </SectionPage>
  )
}
