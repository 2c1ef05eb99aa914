/**
 * Wide screens get the side menu, phones the bottom bar. Keep in step with the `48rem` media
 * queries in styles/layout.css.
 */
export const wideScreenQuery = '(min-width: 48rem)';

export function isWideScreen(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(wideScreenQuery).matches;
}
