/**
 * The changes of a hospital's image panel: saving the form (name, phone, short name, colours)
 * and uploading a logo. A save names the version it read in `If-Match`, so one made meanwhile by
 * someone else is refused (412), never overwritten. After a change that succeeded the hospital
 * and the branding are read again (`use-panel-change.ts`), so this device shows the new image at
 * once. Failures are answers, never thrown: the panel says them.
 */
import { updateHospital, uploadLogo } from './admin-api'
import { describeAdminError, isStaleVersion } from './admin-errors'
import { changeNamedHospital, fieldOf, type ChangeFields } from './form-fields'

/** The fields the image panel's save sends besides the hospital's own. */
export const IMAGE_FIELDS = {
  centro: 'centro',
  /** The version the save names in `If-Match`. */
  version: 'version',
} as const

/** How the change went, in Spanish. */
export interface ImageChange {
  isError: boolean
  text: string
  /** True when someone else saved first: the panel reads the current version. */
  isStale?: boolean
}

function refusal(error: unknown): ImageChange {
  return { isError: true, text: describeAdminError(error), isStale: isStaleVersion(error) }
}

/** Saves the image form for the hospital it names, over the version it read. */
export function saveImage(fields: ChangeFields): Promise<ImageChange> {
  return changeNamedHospital(
    fields,
    async (form, centro) => {
      await updateHospital(centro, fieldOf(form, IMAGE_FIELDS.version), {
        nombre: fieldOf(form, 'nombre'),
        telefono: fieldOf(form, 'telefono').trim(),
        nombre_corto: fieldOf(form, 'nombre_corto').trim(),
        color_primario: fieldOf(form, 'color_primario'),
        color_secundario: fieldOf(form, 'color_secundario'),
      })
      return {
        isError: false,
        text: 'Cambios guardados. Los dispositivos del centro los verán al navegar.',
      }
    },
    refusal,
  )
}

/** A logo to upload for a hospital, and who hears its progress (0 to 1). */
export interface LogoUpload {
  centro: string
  logo: File
  onProgress: (sent: number) => void
}

/** Uploads a hospital's logo. */
export async function uploadHospitalLogo({
  centro,
  logo,
  onProgress,
}: LogoUpload): Promise<ImageChange> {
  try {
    await uploadLogo(centro, logo, onProgress)
    return { isError: false, text: 'Logotipo actualizado.' }
  } catch (error) {
    return refusal(error)
  }
}
