import type { Migration } from 'kysely'
import { accountsPerHospitalMigration } from './accounts-per-hospital.js'
import { administrationMigration } from './administration.js'
import { callsMigration } from './calls.js'
import { careMigration } from './care.js'
import { growthIndexesMigration } from './growth-indexes.js'
import { guestReplaySecretsMigration } from './guest-replay-secrets.js'
import { hospitalPhoneMigration } from './hospital-phone.js'
import { hospitalShortNameMigration } from './hospital-short-name.js'
import { hospitalTimeZoneMigration } from './hospital-time-zone.js'
import { immediateCareMigration } from './immediate-care.js'
import { initialMigration } from './initial.js'
import { installSheetPrintedMigration } from './install-sheet-printed.js'
import { joinMigration } from './join.js'
import { kiosksMigration } from './kiosks.js'
import { rateLimitsMigration } from './rate-limits.js'
import { pushAlertsMigration } from './push-alerts.js'
import { passwordGenerationMigration } from './password-generation.js'
import { profileMigration } from './profile.js'
import { referralsMigration } from './referrals.js'
import { sessionGenerationMigration } from './session-generation.js'
import { sessionsValidFromMigration } from './sessions-valid-from.js'
import { specialtiesMigration } from './specialties.js'
import { shiftBoardMigration } from './shift-board.js'
import { ticketCallsMigration } from './ticket-calls.js'

/** Migrations in the order they run; names sort in that order and never change once shipped. */
export const MIGRATIONS: Record<string, Migration> = {
  '0000-initial': initialMigration,
  '0100-administration': administrationMigration,
  '0200-rate-limits': rateLimitsMigration,
  '0310-sessions-valid-from': sessionsValidFromMigration,
  '0500-care': careMigration,
  '0600-join': joinMigration,
  '0700-hospital-phone': hospitalPhoneMigration,
  '0710-hospital-short-name': hospitalShortNameMigration,
  '0810-immediate-care': immediateCareMigration,
  '0900-referrals': referralsMigration,
  '1000-accounts-per-hospital': accountsPerHospitalMigration,
  '1100-session-generation': sessionGenerationMigration,
  '1150-password-generation': passwordGenerationMigration,
  '1400-growth-indexes': growthIndexesMigration,
  '1500-hospital-time-zone': hospitalTimeZoneMigration,
  '1600-push-alerts': pushAlertsMigration,
  '1700-calls': callsMigration,
  '1800-guest-replay-secrets': guestReplaySecretsMigration,
  '1970-specialties': specialtiesMigration,
  '2200-profile': profileMigration,
  '2300-kiosks': kiosksMigration,
  '2310-ticket-calls': ticketCallsMigration,
  '2400-shift-board': shiftBoardMigration,
  '2500-install-sheet-printed': installSheetPrintedMigration,
}
