import type { Trend } from '../../../shared/contract/attendance';

const shapes: Record<Trend, string> = {
  Up: 'M4 17 10 11l3.5 3.5L20 8M15 8h5v5',
  Down: 'M4 7l6 6 3.5-3.5L20 16M15 16h5v-5',
  Stable: 'M4 12h15M15 8l4 4-4 4',
};

/** A decorative arrow for the trend; the words next to it carry the meaning. */
export function TrendIcon({ trend, size = 20 }: { readonly trend: Trend; readonly size?: number }) {
  return (
    <svg
      className={`icon trend-icon trend-icon--${trend}`}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={shapes[trend]} />
    </svg>
  );
}
