/**
 * How long a client may take to send one whole request, headers and body. A slow or stalled
 * body is answered 408 and its connection closed at this deadline, so connections that trickle
 * bytes cannot pile up until the process runs out of file descriptors. Long enough for the
 * largest ordinary request (a 1 MB logo) on a slow mobile link: about 20 s at 48 KB/s.
 */
export const REQUEST_DEADLINE_MS = 60_000

/**
 * Uploads (a consultation's photos) are not held to the whole-request deadline: one that keeps
 * arriving is let through, whatever its total time. Within every window of this length it must
 * advance by {@link UPLOAD_MIN_BYTES_PER_SECOND}; one that stalls, or trickles below it, is
 * answered 408 and its connection closed. A quarter of the request deadline.
 */
export const UPLOAD_STALL_RATIO = 1 / 4

/** The slowest an upload may arrive on average within each stall window (1 KB/s). */
export const UPLOAD_MIN_BYTES_PER_SECOND = 1024

/**
 * The hard ceiling of any request, uploads included (ten request deadlines: the largest photo at
 * about 14 KB/s). Node enforces it on every connection, routes or not.
 */
export const UPLOAD_DEADLINE_RATIO = 10

/** How long a client may take to send the request's headers. */
export const HEADERS_DEADLINE_MS = 15_000

/** How often Node looks for requests past their deadline (its default is 30 s). */
export const DEADLINE_CHECK_INTERVAL_MS = 1_000
