import type { ReactNode } from 'react';
import { countOpen } from './countOpen';

/**
 * A resource link: opens in a new tab and counts the open without waiting for the count, so the
 * navigation is never held up. `rowId` is left out for links that are not resources (e.g. news).
 */
export function ExternalLink({ href, rowId, className, children }: { readonly href: string; readonly rowId?: number; readonly className?: string; readonly children: ReactNode }) {
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={rowId === undefined ? undefined : () => countOpen(rowId)}
      onAuxClick={rowId === undefined ? undefined : (event) => event.button === 1 && countOpen(rowId)}
    >
      {children}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
