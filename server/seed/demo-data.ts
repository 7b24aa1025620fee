import type { Rol } from '../../src/contract/accounts.js'
import type { HospitalPublico } from '../../src/contract/hospitals.js'

/** Demo tenants (README, "Run it"); `main` deliberately has no record. */
export const SEED_HOSPITALS: readonly HospitalPublico[] = [
  {
    tenant: 'hospital-central',
    nombre: 'Hospital Central',
    color_primario: '#0b5394',
    color_secundario: '#38761d',
    imagen: '/logos/hospital-central.png',
    telefono: '+34 910 000 101',
    nombre_corto: '',
  },
  {
    tenant: 'clinica-norte',
    nombre: 'Clínica Norte',
    color_primario: '#6a1b9a',
    color_secundario: '#c2185b',
    imagen: '/logos/clinica-norte.png',
    telefono: '+34 940 000 202',
    // Set by the hospital: its home-screen label is not the name shortened.
    nombre_corto: 'C. Norte',
  },
  {
    // Pale yellow on white on purpose: it proves the app keeps text readable (WCAG AA).
    tenant: 'clinica-sol',
    nombre: 'Clínica Sol',
    color_primario: '#fff59d',
    color_secundario: '#fffde7',
    imagen: '/logos/clinica-sol.png',
    telefono: '+34 950 000 303',
    nombre_corto: '',
  },
]

/** A demo account; the password is public (README), so these exist only in demo mode. */
export interface DemoUser {
  email: string
  password: string
  nombre: string
  rol: Rol
  tenant: string
  /** Professionals only: one of {@link DEMO_SPECIALTIES}, shown in the hospital's directory. */
  especialidad?: string
}

export const DEMO_PASSWORD = 'demo1234'

/** The specialties each seeded hospital starts with; its administrators edit the list. */
export const DEMO_SPECIALTIES: readonly string[] = ['Enfermería', 'Medicina general', 'Pediatría']

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
    especialidad: 'Medicina general',
  },
  {
    email: 'profesional2@hospital-central.es',
    password: DEMO_PASSWORD,
    nombre: 'Elena Navarro',
    rol: 'profesional',
    tenant: 'hospital-central',
    especialidad: 'Pediatría',
  },
  {
    email: 'enfermeria@hospital-central.es',
    password: DEMO_PASSWORD,
    nombre: 'Pablo Serrano',
    rol: 'profesional',
    tenant: 'hospital-central',
    especialidad: 'Enfermería',
  },
  {
    email: 'profesional@clinica-norte.es',
    password: DEMO_PASSWORD,
    nombre: 'Marta Iglesias',
    rol: 'profesional',
    tenant: 'clinica-norte',
    especialidad: 'Medicina general',
  },
  {
    email: 'pediatria@clinica-norte.es',
    password: DEMO_PASSWORD,
    nombre: 'Andrés Molina',
    rol: 'profesional',
    tenant: 'clinica-norte',
    especialidad: 'Pediatría',
  },
  {
    email: 'enfermeria@clinica-norte.es',
    password: DEMO_PASSWORD,
    nombre: 'Rosa Delgado',
    rol: 'profesional',
    tenant: 'clinica-norte',
    especialidad: 'Enfermería',
  },
  {
    email: 'profesional@clinica-sol.es',
    password: DEMO_PASSWORD,
    nombre: 'Sergio Castro',
    rol: 'profesional',
    tenant: 'clinica-sol',
    especialidad: 'Medicina general',
  },
  {
    email: 'pediatria@clinica-sol.es',
    password: DEMO_PASSWORD,
    nombre: 'Nuria Prieto',
    rol: 'profesional',
    tenant: 'clinica-sol',
    especialidad: 'Pediatría',
  },
  {
    email: 'enfermeria@clinica-sol.es',
    password: DEMO_PASSWORD,
    nombre: 'Luis Romero',
    rol: 'profesional',
    tenant: 'clinica-sol',
    especialidad: 'Enfermería',
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

/** A finished consultation in the demo patient's history. */
export interface DemoConsultation {
  id: string
  paciente: string
  profesional: string
  motivo: string
  especialidad: string
  resumen: string
  puntuacion: number
  /** Days before the seeding when it took place. */
  diasAntes: number
}

export const DEMO_CONSULTATIONS: readonly DemoConsultation[] = [
  {
    id: '6f1c2a4e-0d3b-4c5a-9e21-7b8d9c0a1e01',
    paciente: 'demo@hospital-central.es',
    profesional: 'profesional@hospital-central.es',
    motivo: 'Dolor de garganta y fiebre de 38 °C desde hace dos días.',
    especialidad: 'Medicina general',
    resumen:
      'Faringitis vírica. Paracetamol 1 g cada 8 horas si hay fiebre, líquidos abundantes y reposo. Volver a consultar si no mejora en 5 días.',
    puntuacion: 5,
    diasAntes: 21,
  },
  {
    id: '6f1c2a4e-0d3b-4c5a-9e21-7b8d9c0a1e02',
    paciente: 'demo@hospital-central.es',
    profesional: 'enfermeria@hospital-central.es',
    motivo: 'Revisión de una herida en la mano tras un corte con un cuchillo.',
    especialidad: 'Enfermería',
    resumen:
      'La herida cicatriza bien, sin signos de infección. Mantenerla limpia y seca; retirar los puntos de aproximación en 5 días.',
    puntuacion: 4,
    diasAntes: 7,
  },
]
