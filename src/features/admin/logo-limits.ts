/** The logo's limits (src/contract/logo.ts) as the administration writes them, in Spanish. */
import { LOGO_MAX_BYTES, LOGO_MAX_SIDE } from '../../contract/logo'
import { formatBytes, formatInteger } from '../../lib/locale'

/** "1 MB". */
export const LOGO_MAX_SIZE_TEXT = formatBytes(LOGO_MAX_BYTES)

/** "1 MB y 2048 píxeles": followed by "de lado" where the sentence needs it. */
export const LOGO_LIMITS_TEXT = `${LOGO_MAX_SIZE_TEXT} y ${formatInteger(LOGO_MAX_SIDE)} píxeles`
