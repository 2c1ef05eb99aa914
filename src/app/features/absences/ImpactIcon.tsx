import type { Impact } from './absenceView';

/** SPEC §2 impact symbols: an arrow (Informed), a cross (Authorised), a question mark (unknown). */
const shapes = {
  informed: <path d="M5 12h13M13 6.5l5.5 5.5-5.5 5.5" />,
  authorised: <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />,
  unknown: (
    <>
      <path d="M9.2 9.2a2.9 2.9 0 1 1 4.1 2.6c-.8.4-1.3 1-1.3 1.9v.8" />
      <path d="M12 17.6v.1" />
    </>
  ),
} as const;

/**
 * The symbol is decorative. Beside it a short visible label says what it means (issue 34 §4); the
 * rest, with the reason, follows for screen readers and is the tooltip.
 */
export function ImpactIcon({ impact }: { readonly impact: Impact }) {
  return (
    <span className={`absence-impact absence-impact--${impact.kind}`} title={impact.detail}>
      <svg width={22} height={22} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        {shapes[impact.kind]}
      </svg>
      <span className="absence-impact__label">{impact.shortLabel}</span>
      <span className="visually-hidden">. {impact.detail}</span>
    </span>
  );
}
