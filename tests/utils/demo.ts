/** Demo data the reference server seeds (README, "Run it"). */
export const DEMO_TENANTS = {
  'hospital-central': { nombre: 'Hospital Central' },
  'clinica-norte': { nombre: 'Clínica Norte' },
  'clinica-sol': { nombre: 'Clínica Sol' },
} as const

export type DemoTenant = keyof typeof DEMO_TENANTS

export const DEMO_ACCOUNT = {
  email: 'demo@hospital-central.es',
  password: 'demo1234',
  tenant: 'hospital-central',
  nombre: 'Lucía Martín',
} as const

export const DEFAULT_PRIMARY = '#1f4e8c'
