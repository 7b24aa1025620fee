/**
 * A hospital's image (name, phone, short name, colours and logo) through the administration
 * route: its loader reads the hospital with the version a save must name (the panel asks with
 * `useFetcher().load('?panel=imagen&centro=…')`), its action saves the form or uploads a logo
 * (the panel submits `intent` and `centro`; the logo as multipart). A save names the version it
 * read in `If-Match`, so one made meanwhile by someone else is refused (412), never overwritten.
 * After a change that succeeded the router reads again every loaded panel and the branding, so
 * this device shows the new image at once. Failures are answers, never thrown: the panel says them.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom'
import { readHospital, updateHospital, uploadLogo, type VersionedHospital } from './admin-api'
import { describeAdminError, isStaleVersion } from './admin-errors'
import { textField } from './form-fields'
import { askedCentro, changeNamedHospital } from './panel-route'
import { uploadProgressReporter } from './upload-progress'

/** The query that asks the administration route's loader for a hospital's image. */
export const IMAGE_PANEL = 'imagen'

/** What the image panel can ask the action to do. */
export const IMAGE_INTENTS = { save: 'guardar-imagen', uploadLogo: 'subir-logotipo' } as const

/** The fields the image panel's changes submit besides the hospital's own. */
export const IMAGE_FIELDS = {
  intent: 'intent',
  centro: 'centro',
  /** The version the save names in `If-Match`. */
  version: 'version',
  logo: 'logo',
  /** The key the panel hears the upload's progress under (upload-progress.ts). */
  upload: 'subida',
} as const

/** The loader's answer: the hospital and its version, or why it could not be read. */
export type ImageData = { version: VersionedHospital } | { error: unknown }

/** The action's answer: how the change went, in Spanish. */
export interface ImageChange {
  isError: boolean
  text: string
  /** True when someone else saved first: the panel reads the current version. */
  isStale?: boolean
}

/** The query `useFetcher().load` sends for `centro`'s image. */
export function imageQuery(centro: string): string {
  return `?${new URLSearchParams({ panel: IMAGE_PANEL, centro }).toString()}`
}

/** Reads `centro`'s image when asked (`?panel=imagen`); null for anything else. */
export async function loadImage({ request }: LoaderFunctionArgs): Promise<ImageData | null> {
  const centro = askedCentro(request, IMAGE_PANEL)
  if (centro === null) return null
  try {
    return { version: await readHospital(centro) }
  } catch (error) {
    return { error }
  }
}

async function change(form: FormData, centro: string): Promise<ImageChange> {
  switch (textField(form, IMAGE_FIELDS.intent)) {
    case IMAGE_INTENTS.save:
      await updateHospital(centro, textField(form, IMAGE_FIELDS.version), {
        nombre: textField(form, 'nombre'),
        telefono: textField(form, 'telefono').trim(),
        nombre_corto: textField(form, 'nombre_corto').trim(),
        color_primario: textField(form, 'color_primario'),
        color_secundario: textField(form, 'color_secundario'),
      })
      return {
        isError: false,
        text: 'Cambios guardados. Los dispositivos del centro los verán al navegar.',
      }
    case IMAGE_INTENTS.uploadLogo: {
      const logo = form.get(IMAGE_FIELDS.logo)
      if (logo === null || typeof logo === 'string') throw new Error('No logo in the upload')
      const progress = uploadProgressReporter(textField(form, IMAGE_FIELDS.upload))
      await uploadLogo(centro, logo, progress)
      return { isError: false, text: 'Logotipo actualizado.' }
    }
    default:
      throw new Error('Unknown change to a hospital image')
  }
}

/** Makes the change the image panel submitted, for the hospital it names. */
export async function changeImage({ request }: ActionFunctionArgs) {
  return changeNamedHospital<ImageChange>(request, change, (error) => ({
    isError: true,
    text: describeAdminError(error),
    isStale: isStaleVersion(error),
  }))
}
