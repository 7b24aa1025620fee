import type { Rol } from '../src/contract/accounts.js'
import type { HospitalPublico } from '../src/contract/hospitals.js'

/** A row of the `hospitals` table, as the `verHospitales` call returns it. */
export type Hospital = HospitalPublico

/** Demo tenants (DESIGN "API contract"); `main` deliberately has no record. */
export const SEED_HOSPITALS: readonly Hospital[] = [
  {
    tenant: 'hospital-central',
    nombre: 'Hospital Central',
    color_primario: '#0b5394',
    color_secundario: '#38761d',
    imagen: '/logos/hospital-central.png',
  },
  {
    tenant: 'clinica-norte',
    nombre: 'Clínica Norte',
    color_primario: '#6a1b9a',
    color_secundario: '#c2185b',
    imagen: '/logos/clinica-norte.png',
  },
  {
    // Pale yellow on white on purpose: it proves the app keeps text readable (WCAG AA).
    tenant: 'clinica-sol',
    nombre: 'Clínica Sol',
    color_primario: '#fff59d',
    color_secundario: '#fffde7',
    imagen: '/logos/clinica-sol.png',
  },
]

/** A demo account; the password is public (README), so these exist only in demo mode. */
export interface DemoUser {
  email: string
  password: string
  nombre: string
  rol: Rol
  tenant: string
}

export const DEMO_PASSWORD = 'demo1234'

export const DEMO_USERS: readonly DemoUser[] = [
  {
    email: 'demo@hospital-central.es',
    password: DEMO_PASSWORD,
    nombre: 'Lucía Martín',
    rol: 'cliente',
    tenant: 'hospital-central',
  },
  {
    email: 'profesional@hospital-central.es',
    password: DEMO_PASSWORD,
    nombre: 'Javier Ortega',
    rol: 'profesional',
    tenant: 'hospital-central',
  },
  {
    email: 'admin@hospital-central.es',
    password: DEMO_PASSWORD,
    nombre: 'Carmen Ruiz',
    rol: 'admin',
    tenant: 'hospital-central',
  },
  {
    // The product's own administrator: onboards hospitals from /main/admin.
    email: 'plataforma@main.es',
    password: DEMO_PASSWORD,
    nombre: 'Equipo de plataforma',
    rol: 'admin',
    tenant: 'main',
  },
]
