/**
 * The terms a new hospital starts with: a plain Spanish template its administrators read, adapt
 * and publish. Registration stays closed until a version is published, so nobody accepts a text
 * that the hospital has not made its own.
 */
export function termsTemplate(hospitalName: string): string {
  return [
    `Términos y condiciones de uso del servicio de atención de ${hospitalName}`,
    '',
    `1. Objeto. Esta aplicación permite a los pacientes de ${hospitalName} pedir asistencia y conversar con sus profesionales. No sustituye a los servicios de urgencias: ante una emergencia, llama al 112.`,
    '',
    '2. Cuenta. Tu cuenta es personal. Mantén tu contraseña en secreto y cierra la sesión en los dispositivos compartidos.',
    '',
    `3. Datos de salud. Lo que escribas y las fotos que envíes forman parte de tu atención. Solo los ve el personal de ${hospitalName} que te atiende, y cada consulta del personal queda registrada.`,
    '',
    `4. Tus derechos. Puedes pedir acceso, rectificación o supresión de tus datos a ${hospitalName}, de acuerdo con el Reglamento General de Protección de Datos.`,
    '',
    '5. Cambios. Si estos términos cambian, te pediremos que aceptes la nueva versión antes de tu siguiente solicitud.',
  ].join('\n')
}
