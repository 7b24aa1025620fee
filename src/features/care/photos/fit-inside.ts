/** The size of `width` × `height` scaled down (never up) so its longest side is at most `side`. */
export function fitInside(
  width: number,
  height: number,
  side: number,
): { width: number; height: number } {
  const scale = Math.min(1, side / Math.max(width, height))
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  }
}
