/**
 * The limits of a hospital's uploaded logo, the same for the administration's form (which checks
 * them before sending) and the server (which refuses past them).
 */

/** Largest logo file accepted, in bytes (1 MB). */
export const LOGO_MAX_BYTES = 1024 * 1024

/** Largest width or height of an uploaded logo, in pixels. */
export const LOGO_MAX_SIDE = 2048
