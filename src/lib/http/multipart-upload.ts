/**
 * POSTs a multipart form with XMLHttpRequest, the only browser API that reports upload progress.
 * Settles with the answer's status and text; rejects as `fetch` would, with the app's errors.
 */
import { NetworkError, TimeoutError } from '../api-errors'

export interface MultipartUpload {
  url: URL
  form: FormData
  headers: Readonly<Record<string, string>>
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
    xhr.open('POST', url.href)
    xhr.timeout = timeoutMs
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total)
    }
    xhr.onerror = () => {
      reject(new NetworkError(`No answer from ${url.pathname}`))
    }
    xhr.ontimeout = () => {
      reject(new TimeoutError(`No answer from ${url.pathname}`))
    }
    xhr.onabort = () => {
      reject(new DOMException('Aborted', 'AbortError'))
    }
    signal?.addEventListener('abort', () => {
      xhr.abort()
    })
    xhr.onload = () => {
      resolve({ status: xhr.status, text: xhr.responseText })
    }
    xhr.send(form)
  })
}
