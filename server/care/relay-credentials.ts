/**
 * How a browser reaches the other side of a call: the ICE servers it is given. With a TURN relay
 * (Debian's coturn started with `--use-auth-secret`), each answer carries credentials minted the
 * "TURN REST" way, valid for one call's length: `username = "<unix expiry>:<account id>"` and
 * `credential = base64(HMAC-SHA1(shared secret, username))`. The relay checks them with the same
 * secret and never needs to know our accounts. Without a relay, STUN only (if any is given): calls
 * may then fail on networks that block peer-to-peer, and the screens say so.
 */
import { createHmac } from 'node:crypto'
import { CREDENCIALES_RELAY_VIGENCIA_MS, type ConfiguracionIce } from '../../src/contract/calls.js'

export interface RelaySettings {
  /** `turn:` / `turns:` URLs of the relay (`TURN_URLS`). */
  turnUrls: readonly string[]
  /** The relay's shared secret (`TURN_SECRET`). */
  turnSecret: string | undefined
  /** `stun:` URLs offered with or without a relay (`STUN_URLS`). */
  stunUrls: readonly string[]
}

/** The TURN REST credential for `username` under `secret`. */
export function mintRelayCredential(secret: string, username: string): string {
  return createHmac('sha1', secret).update(username).digest('base64')
}

/** True when a relay is configured: its URLs and its secret. */
export function hasRelay(settings: RelaySettings): boolean {
  return settings.turnUrls.length > 0 && Boolean(settings.turnSecret)
}

/** The ICE servers for account `userId` at `nowMs`. */
export function iceConfiguration(
  settings: RelaySettings,
  userId: number,
  nowMs: number,
): ConfiguracionIce {
  const stun = settings.stunUrls.length > 0 ? [{ urls: [...settings.stunUrls] }] : []
  if (!hasRelay(settings) || settings.turnSecret === undefined) {
    return { iceServers: stun, relay: false, caduca_en: null }
  }
  const expiresMs = nowMs + CREDENCIALES_RELAY_VIGENCIA_MS
  const username = `${String(Math.floor(expiresMs / 1000))}:${String(userId)}`
  return {
    iceServers: [
      ...stun,
      {
        urls: [...settings.turnUrls],
        username,
        credential: mintRelayCredential(settings.turnSecret, username),
      },
    ],
    relay: true,
    caduca_en: new Date(Math.floor(expiresMs / 1000) * 1000).toISOString(),
  }
}
