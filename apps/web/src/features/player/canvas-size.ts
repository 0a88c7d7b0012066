/**
 * The drawing-buffer size of a player canvas shown `cssWidth` CSS pixels wide: sharp on high-DPI
 * screens (`devicePixelRatio`) but never larger than the movie itself, with the movie's aspect.
 */
export function canvasPixelSize(
  cssWidth: number,
  devicePixelRatio: number,
  movie: { width: number; height: number },
): { width: number; height: number } {
  const wanted = Math.round(Math.max(1, cssWidth) * (devicePixelRatio > 0 ? devicePixelRatio : 1));
  const width = Math.max(1, Math.min(movie.width, wanted));
  return { width, height: Math.max(1, Math.round((width * movie.height) / movie.width)) };
}
