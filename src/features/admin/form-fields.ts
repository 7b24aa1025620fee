/** The text of a form field, or '' when absent (a file input never feeds these forms). */
export function textField(data: FormData, name: string): string {
  const value = data.get(name)
  return typeof value === 'string' ? value : ''
}
