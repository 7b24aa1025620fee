/**
 * The pieces a request's summary is made of, shared by the consultation's details and its record:
 * one row of the summary (what it is, then its value) and the photos the request was sent with.
 * Apart from CareParts, which the patient's first screens load, so only the screens that show a
 * summary carry them.
 */
import type { ReactNode } from 'react'
import { AuthImage } from './CareParts'

/** One row of a `care-summary` list; `isText` keeps the line breaks of what a person wrote. */
export function SummaryRow({
  term,
  isText = false,
  children,
}: {
  term: string
  isText?: boolean
  children: ReactNode
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={isText ? 'care-text' : undefined}>{children}</dd>
    </div>
  )
}

/** The request's photos, in the order they were sent, each read with the session's token. */
export function RequestPhotoList({ fotos }: { fotos: readonly string[] }) {
  return (
    <ul className="care-photo-list">
      {fotos.map((url, index) => (
        <li key={url}>
          <AuthImage src={url} alt={`Foto ${String(index + 1)} de la solicitud`} />
        </li>
      ))}
    </ul>
  )
}
