/**
 * The administration route's loader and action: each panel asks its own question of them
 * (`?panel=…` to read, an `intent` to change) and the one that owns it answers.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router-dom'
import { changeAccount, loadAccounts } from './accounts-route-data'
import { loadAudit } from './audit-route-data'
import { changeHospital, HOSPITAL_INTENTS, loadHospitals } from './hospitals-route-data'
import { textField } from './form-fields'
import { changeImage, IMAGE_INTENTS, loadImage } from './image-route-data'
import { changeKioskFromPanel, KIOSK_INTENTS, loadKiosks } from './kiosks-route-data'
import {
  changeSpecialtyFromPanel,
  loadSpecialties,
  SPECIALTY_INTENTS,
} from './specialties-route-data'

const PANEL_LOADERS = [
  loadAccounts,
  loadAudit,
  loadHospitals,
  loadImage,
  loadSpecialties,
  loadKiosks,
]

/** Reads what the asking panel needs; null when no panel asked (a plain navigation). */
export async function loadAdminPanel(args: LoaderFunctionArgs) {
  for (const load of PANEL_LOADERS) {
    const answer = await load(args)
    if (answer !== null) return answer
  }
  return null
}

const HOSPITAL_CHANGES: readonly string[] = Object.values(HOSPITAL_INTENTS)
const IMAGE_CHANGES: readonly string[] = Object.values(IMAGE_INTENTS)
const SPECIALTY_CHANGES: readonly string[] = Object.values(SPECIALTY_INTENTS)
const KIOSK_CHANGES: readonly string[] = Object.values(KIOSK_INTENTS)

/** Makes the change a panel submitted: the hospitals', an image's, a specialty's, a kiosk's, or else an account's. */
export async function changeFromPanel(args: ActionFunctionArgs) {
  // The owner reads the form itself, so only a copy is read here to choose it.
  const intent = textField(await args.request.clone().formData(), 'intent')
  if (HOSPITAL_CHANGES.includes(intent)) return changeHospital(args)
  if (IMAGE_CHANGES.includes(intent)) return changeImage(args)
  if (SPECIALTY_CHANGES.includes(intent)) return changeSpecialtyFromPanel(args)
  if (KIOSK_CHANGES.includes(intent)) return changeKioskFromPanel(args)
  return changeAccount(args)
}
