import './admin.css'
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { isOpeningDone, ONBOARDING_STEPS } from '../../contract/hospital-operation'
import { paths } from '../../config/paths'
import { LoadError } from './PanelStates'
import { openingStepsQuery, operationKeys, recordInstallSheetPrinted } from './operation-queries'

/**
 * True while a change of any panel is under way (every panel changes through the cache); the
 * checklist reads its steps again when that turns false, so a step ticks as soon as it is done.
 */
function useIsAnyChangeUnderWay(): boolean {
  return useIsMutating() > 0
}

/**
 * "Puesta en marcha": what a new hospital still lacks to open (its image, phone, terms,
 * specialties, first professional, the install page printed for the front desk), each step
 * read from the hospital's own data. Shown until every step is done.
 */
export function PuestaEnMarchaPanel({
  tenant,
  hospitalName,
}: {
  tenant: string
  hospitalName: string
}) {
  const headingId = useId()
  const client = useQueryClient()
  const steps = useQuery(openingStepsQuery(tenant))
  const isChanging = useIsAnyChangeUnderWay()
  const wasChanging = useRef(isChanging)
  const printed = useMutation({
    mutationFn: () => recordInstallSheetPrinted(tenant),
  })

  useEffect(() => {
    if (wasChanging.current && !isChanging) {
      void client.invalidateQueries({ queryKey: operationKeys.opening(tenant) })
    }
    wasChanging.current = isChanging
  }, [client, isChanging, tenant])

  if (steps.isError) {
    return (
      <section className="admin-panel" aria-labelledby={headingId}>
        <h2 id={headingId}>Puesta en marcha de {hospitalName}</h2>
        <LoadError
          error={steps.error}
          onRetry={() => {
            void steps.refetch()
          }}
        />
      </section>
    )
  }
  // Nothing while it loads (most hospitals are open already) and nothing once all is done.
  if (!steps.data || isOpeningDone(steps.data)) return null
  const done = steps.data
  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Puesta en marcha de {hospitalName}</h2>
      <p>
        Lo que falta para que {hospitalName} abra en la app. Cada paso se marca solo en cuanto está
        hecho; esta lista desaparece cuando están todos.
      </p>
      <ul className="admin-checklist">
        {ONBOARDING_STEPS.map(({ key, label }) => (
          <li key={key} className={done[key] ? 'admin-step-done' : 'admin-step-pending'}>
            {label}: <strong>{done[key] ? 'hecho' : 'pendiente'}</strong>
            {key === 'pagina_instalacion' && !done[key] && (
              <>
                {' '}
                <a
                  href={paths.install(tenant)}
                  target="_blank"
                  rel="noopener"
                  onClick={() => {
                    printed.mutate()
                  }}
                >
                  Abrir la página de instalación para imprimirla (en otra pestaña)
                </a>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
