import './profile.css'
/**
 * "Mi perfil" (docs/profile.md): the name, the email (changed once the link sent to the new
 * address is opened), the password (the current one asked; the other sessions end), and for
 * patients "Mis datos": download them, see which staff read them, close the account.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type SubmitEvent, type ReactNode } from 'react'
import { ConfirmButton } from '../../components/ConfirmButton'
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PERSON_NAME_MAX_LENGTH,
  rolLabel,
} from '../../contract/account-rules'
import { PASSWORD_POLICY_TEXT } from '../../contract/password-rule'
import type { Perfil } from '../../contract/profile'
import { formatDateTime } from '../../lib/locale'
import {
  changeName,
  changePassword,
  closeAccount,
  downloadMisDatos,
  requestEmailChange,
} from './profile-api'
import { describeProfileError } from './profile-errors'
import { lecturasQuery, perfilQuery, profileKeys } from './profile-queries'

interface ProfileScreenProps {
  /** The name changed: whatever shows the signed-in user reads it again. */
  onNameChanged: () => void
  /** A new password's answer: this device's session goes on with it. */
  onPasswordChanged: (answer: unknown) => Promise<void>
  /** The account is closed: the session ends on this device. */
  onAccountClosed: () => void
}

export function ProfileScreen(props: ProfileScreenProps) {
  const perfil = useQuery(perfilQuery())
  if (perfil.error) {
    return (
      <p role="alert" className="form-alert">
        {describeProfileError(perfil.error)}
      </p>
    )
  }
  if (!perfil.data) return <p role="status">Cargando tu perfil…</p>
  return <Profile perfil={perfil.data} {...props} />
}

function Profile({
  perfil,
  onNameChanged,
  onPasswordChanged,
  onAccountClosed,
}: ProfileScreenProps & { perfil: Perfil }) {
  return (
    <div className="profile">
      <p>
        {perfil.nombre} · {rolLabel(perfil.rol)}
      </p>
      <NameSection perfil={perfil} onNameChanged={onNameChanged} />
      <EmailSection perfil={perfil} />
      <PasswordSection onPasswordChanged={onPasswordChanged} />
      {perfil.mis_datos && <MyDataSection onAccountClosed={onAccountClosed} />}
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId()
  return (
    <section className="profile-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  )
}

interface FieldProps {
  label: string
  name: string
  type?: 'text' | 'email' | 'password'
  autoComplete: string
  maxLength: number
  defaultValue?: string
  hint?: string
  inputRef?: React.Ref<HTMLInputElement>
}

/** A labelled field of a profile form (a hint read before typing, when it has one). */
function Field({ label, type = 'text', hint, inputRef, ...rest }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input
        ref={inputRef}
        id={id}
        type={type}
        required
        aria-describedby={hint ? hintId : undefined}
        {...rest}
      />
    </div>
  )
}

/** What a form's last submission came to, said where screen readers hear it. */
function Outcome({ error, done }: { error: unknown; done: string | null }) {
  return (
    <>
      <p role="alert" className="form-alert">
        {error ? describeProfileError(error) : ''}
      </p>
      <p role="status">{done ?? ''}</p>
    </>
  )
}

function fieldOf(event: SubmitEvent<HTMLFormElement>, name: string): string {
  const value = new FormData(event.currentTarget).get(name)
  return typeof value === 'string' ? value : ''
}

function NameSection({ perfil, onNameChanged }: { perfil: Perfil; onNameChanged: () => void }) {
  const client = useQueryClient()
  const rename = useMutation({
    mutationFn: changeName,
    onSuccess: (updated) => {
      client.setQueryData(profileKeys.perfil, updated)
      onNameChanged()
    },
  })
  return (
    <Section title="Nombre">
      <form
        className="profile-form"
        onSubmit={(event) => {
          event.preventDefault()
          rename.mutate(fieldOf(event, 'nombre'))
        }}
      >
        <Field
          label="Nombre"
          name="nombre"
          autoComplete="name"
          maxLength={PERSON_NAME_MAX_LENGTH}
          defaultValue={perfil.nombre}
        />
        <button type="submit" className="button-primary" disabled={rename.isPending}>
          Guardar el nombre
        </button>
        <Outcome error={rename.error} done={rename.isSuccess ? 'Nombre guardado.' : null} />
      </form>
    </Section>
  )
}

function EmailSection({ perfil }: { perfil: Perfil }) {
  const change = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) =>
      requestEmailChange(email, password),
  })
  return (
    <Section title="Correo electrónico">
      <p>
        Tu correo es <strong>{perfil.email}</strong>. Para cambiarlo, te enviaremos un enlace a la
        dirección nueva; el cambio se hace cuando lo abras, y avisaremos a la dirección actual.
      </p>
      <form
        className="profile-form"
        onSubmit={(event) => {
          event.preventDefault()
          change.mutate({
            email: fieldOf(event, 'email'),
            password: fieldOf(event, 'password'),
          })
        }}
      >
        <Field
          label="Correo electrónico nuevo"
          name="email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
        />
        <Field
          label="Contraseña actual"
          name="password"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <button type="submit" className="button-primary" disabled={change.isPending}>
          Enviar el enlace
        </button>
        <Outcome
          error={change.error}
          done={
            change.isSuccess
              ? `Te hemos enviado un enlace a ${change.variables.email.trim()}. Tu correo cambiará cuando lo abras.`
              : null
          }
        />
      </form>
    </Section>
  )
}

function PasswordSection({
  onPasswordChanged,
}: {
  onPasswordChanged: (answer: unknown) => Promise<void>
}) {
  const change = useMutation({
    mutationFn: async ({ actual, nueva }: { actual: string; nueva: string }) => {
      await onPasswordChanged(await changePassword(actual, nueva))
    },
  })
  return (
    <Section title="Contraseña">
      <form
        className="profile-form"
        onSubmit={(event) => {
          event.preventDefault()
          const form = event.currentTarget
          change.mutate(
            { actual: fieldOf(event, 'actual'), nueva: fieldOf(event, 'nueva') },
            {
              onSuccess: () => {
                form.reset()
              },
            },
          )
        }}
      >
        <Field
          label="Contraseña actual"
          name="actual"
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
        />
        <Field
          label="Contraseña nueva"
          name="nueva"
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          hint={PASSWORD_POLICY_TEXT}
        />
        <button type="submit" className="button-primary" disabled={change.isPending}>
          Cambiar la contraseña
        </button>
        <Outcome
          error={change.error}
          done={
            change.isSuccess
              ? 'Contraseña cambiada. Se han cerrado tus sesiones en otros dispositivos.'
              : null
          }
        />
      </form>
    </Section>
  )
}

function MyDataSection({ onAccountClosed }: { onAccountClosed: () => void }) {
  const download = useMutation({ mutationFn: downloadMisDatos })
  return (
    <Section title="Mis datos">
      <p>
        Puedes descargar todo lo que el centro guarda de ti: tu cuenta, tus solicitudes con sus
        resúmenes, valoraciones y derivaciones, tus conversaciones y tus fotos, en un archivo ZIP.
      </p>
      <button
        type="button"
        className="button-primary"
        disabled={download.isPending}
        onClick={() => {
          download.mutate()
        }}
      >
        Descargar mis datos
      </button>
      <Outcome
        error={download.error}
        done={
          download.isPending
            ? 'Preparando tus datos…'
            : download.isSuccess
              ? 'Descarga preparada: mis-datos.zip.'
              : null
        }
      />
      <DataReads />
      <CloseAccount onAccountClosed={onAccountClosed} />
    </Section>
  )
}

/** "Quién ha consultado mis datos": the staff's reads of one's consultations (the audit log). */
function DataReads() {
  const id = useId()
  const reads = useQuery(lecturasQuery())
  return (
    <section className="profile-subsection" aria-labelledby={id}>
      <h3 id={id}>Quién ha consultado mis datos</h3>
      {reads.error ? (
        <p role="alert" className="form-alert">
          {describeProfileError(reads.error)}
        </p>
      ) : !reads.data ? (
        <p role="status">Cargando…</p>
      ) : reads.data.lecturas.length === 0 ? (
        <p>Nadie del personal del centro ha abierto todavía tus consultas.</p>
      ) : (
        <div className="profile-table-wrap">
          <table className="profile-table">
            <caption className="visually-hidden">
              Personal del centro que ha abierto tus consultas
            </caption>
            <thead>
              <tr>
                <th scope="col">Quién</th>
                <th scope="col">Consulta</th>
                <th scope="col">Última vez</th>
                <th scope="col">Veces</th>
              </tr>
            </thead>
            <tbody>
              {reads.data.lecturas.map((read) => (
                <tr key={`${read.asistencia.id}-${read.profesional.nombre}-${read.primera}`}>
                  <td>
                    {read.profesional.nombre} ({rolLabel(read.profesional.rol)})
                  </td>
                  <td>
                    {read.asistencia.motivo} ·{' '}
                    {formatDateTime(Date.parse(read.asistencia.creada_en))}
                  </td>
                  <td>{formatDateTime(Date.parse(read.ultima))}</td>
                  <td>{read.veces}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function CloseAccount({ onAccountClosed }: { onAccountClosed: () => void }) {
  const id = useId()
  const password = useRef<HTMLInputElement>(null)
  const [missing, setMissing] = useState(false)
  const close = useMutation({ mutationFn: closeAccount, onSuccess: onAccountClosed })
  return (
    <section className="profile-subsection" aria-labelledby={id}>
      <h3 id={id}>Cerrar mi cuenta</h3>
      <p>
        Al cerrarla, se cierran tus sesiones y ya no podrás entrar; se borran tu correo, tus datos
        de contacto, tus avisos y los comentarios de tus valoraciones. Tus consultas se conservan el
        tiempo que exige la ley (al menos cinco años) y el personal las verá como «Cuenta cerrada».
      </p>
      <Field
        label="Contraseña para confirmar"
        name="password"
        type="password"
        autoComplete="current-password"
        maxLength={PASSWORD_MAX_LENGTH}
        inputRef={password}
      />
      <ConfirmButton
        label="Cerrar mi cuenta"
        className="button-secondary"
        disabled={close.isPending}
        title="¿Cerrar tu cuenta?"
        confirmLabel="Sí, cerrar mi cuenta"
        keepLabel="No, mantenerla"
        onConfirm={() => {
          const value = password.current?.value ?? ''
          setMissing(value === '')
          if (value !== '') close.mutate(value)
        }}
      >
        <p>No podrás volver a entrar con ella. Esto no se puede deshacer.</p>
      </ConfirmButton>
      <p role="alert" className="form-alert">
        {missing
          ? 'Escribe tu contraseña para cerrar la cuenta.'
          : close.error
            ? describeProfileError(close.error)
            : ''}
      </p>
    </section>
  )
}
