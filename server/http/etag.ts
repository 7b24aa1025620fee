/**
 * Entity tags for the answers the server revalidates (static files, the app shell, branding,
 * manifests, icons) and for the `If-Match` of hospital edits.
 *
 * Why not `@fastify/etag` (it installs here, and is fine for what it does): it tags a reply in
 * an `onSend` hook, from the body a handler has already produced. Here the tag must be known before that:
 * the icon route answers `If-None-Match` before drawing anything, and the same function gives
 * the version a hospital edit's `If-Match` must name, which the plugin does not handle. One
 * function for both keeps one way of tagging; thirty lines, tested through every route that
 * uses them.
 */
import { createHash } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * A weak entity tag of `body`. Weak because @fastify/compress may re-encode the bytes on the
 * way out, and a strong tag must change with the encoding.
 */
export function computeEtag(body: string | Buffer): string {
  return `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`
}

export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}

/**
 * Sends `body` with an ETag, or an empty 304 when the caller already holds this version.
 * Headers set before the call (Cache-Control, CORS) apply to both answers.
 */
export function sendWithEtag(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string | Buffer,
  contentType: string,
  etag: string = computeEtag(body),
) {
  reply.header('etag', etag)
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
    return reply.code(304).send()
  }
  return reply.type(contentType).send(body)
}
