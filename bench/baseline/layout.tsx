/** The plain PWAs' tenant layout: the hospital's branding is fetched after the first render. */
import { useEffect, useState } from 'react'
import { Outlet, useParams } from 'react-router'

interface Hospital {
  nombre: string
  color_primario: string
  imagen: string
}

export function Layout() {
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
