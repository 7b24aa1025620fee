/**
 * How long a client may take to send one whole request, headers and body. A slow or stalled
 * body is answered 408 and its connection closed at this deadline, so connections that trickle
 * bytes cannot pile up until the process runs out of file descriptors. Long enough for the
 * largest request (a 1 MB logo) on a slow mobile link: about 20 s at 48 KB/s.
 */
export const REQUEST_DEADLINE_MS = 60_000

/** How long a client may take to send the request's headers. */
export const HEADERS_DEADLINE_MS = 15_000

/** How often Node looks for requests past their deadline (its default is 30 s). */
export const DEADLINE_CHECK_INTERVAL_MS = 1_000
