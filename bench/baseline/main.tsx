/**
 * The "plain" PWA the first-frame benchmark compares against: React 19, react-router 7 and
 * vite-plugin-pwa's generated worker, with the tenant's branding fetched after the first render,
 * as most multi-tenant apps do. Built and served by `bench/first-frame.ts` only; never shipped.
 */
import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, Outlet, RouterProvider, useParams } from 'react-router'
import { registerSW } from 'virtual:pwa-register'
import './styles.css'

interface Hospital {
  nombre: string
  color_primario: string
  imagen: string
}

function Layout() {
  const { tenant = 'main' } = useParams()
  const [hospital, setHospital] = useState<Hospital | null>(null)

  useEffect(() => {
    void fetch(`/api/hospitales?tenant=${encodeURIComponent(tenant)}`)
      .then((response) => response.json() as Promise<Hospital[]>)
      .then(([first]) => {
        if (!first) return
        document.documentElement.style.setProperty('--color-primario', first.color_primario)
        setHospital(first)
      })
      .catch(() => undefined)
  }, [tenant])

  return (
    <>
      <header className="app-header">
        {hospital && <img className="tenant-logo" src={hospital.imagen} alt="" width={48} />}
        <span>{hospital?.nombre ?? tenant}</span>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  )
}

const router = createBrowserRouter([
  {
    path: '/:tenant',
    Component: Layout,
    children: [{ path: 'login', lazy: () => import('./login') }],
  },
])

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)
registerSW({ immediate: true })
