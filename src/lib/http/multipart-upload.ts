/**
 * POSTs a multipart form with XMLHttpRequest, the only browser API that reports upload progress.
 * Settles with the answer's status and text; rejects as `fetch` would, with the app's errors.
 */
import { NetworkError, TimeoutError } from '../api-errors'

export interface MultipartUpload {
  url: URL
  form: FormData
  headers: Readonly<Record<string, string>>
  /**
   * Longest silence: while the body goes out, since the last progress; then, for the answer. A
   * logo near the limit on a slow phone takes longer than this in all, and still goes through.
   */
  timeoutMs: number
  /** Called as the body goes out, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void
  signal?: AbortSignal
}

export interface RawAnswer {
  status: number
  text: string
}

export function sendMultipart({
  url,
  form,
  headers,
  timeoutMs,
  onProgress,
  signal,
}: MultipartUpload): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    let deadline: ReturnType<typeof setTimeout> | undefined
    const fail = (error: Error) => {
      clearTimeout(deadline)
      reject(error)
    }
    // Armed again at each sign of life: a slow connection is not a dead one.
    const armDeadline = () => {
      clearTimeout(deadline)
      deadline = setTimeout(() => {
        fail(new TimeoutError(`No answer from ${url.pathname}`))
        xhr.abort()
      }, timeoutMs)
    }
    xhr.open('POST', url.href)
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      armDeadline()
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    // The body is out: from here the deadline is the wait for the answer.
    xhr.upload.onload = armDeadline
    xhr.onerror = () => {
      fail(new NetworkError(`No answer from ${url.pathname}`))
    }
    xhr.onabort = () => {
      fail(new DOMException('Aborted', 'AbortError'))
    }
    signal?.addEventListener('abort', () => {
      xhr.abort()
    })
    xhr.onload = () => {
      clearTimeout(deadline)
      resolve({ status: xhr.status, text: xhr.responseText })
    }
    armDeadline()
    xhr.send(form)
  })
}
