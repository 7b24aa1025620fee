/**
 * The product's own colours, shown for `main` and whenever a tenant's branding is missing or
 * invalid. The readable foregrounds are precomputed (white on this blue is 8.6:1, on the teal 5.5:1).
 */
export const DEFAULT_BRANDING_COLORS = {
  primario: '#1f4e8c',
  secundario: '#0f6b5c',
} as const
