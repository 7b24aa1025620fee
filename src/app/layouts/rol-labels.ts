/** How each role reads in the interface. */
export const ROL_LABELS: Partial<Record<string, string>> = {
  cliente: 'Paciente',
  profesional: 'Profesional',
  admin: 'Administración',
  referidos: 'Referidos',
}
