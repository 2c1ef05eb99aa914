import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface ResponsiveTableProps {
  /** Names the table's region (and, where the table has no visible caption, says what it holds). */
  readonly label: string;
  /** Extra classes on the table, e.g. 'tally-table'. */
  readonly className?: string;
  /** The caption, thead and tbody. Give each body cell a `data-label` naming its column. */
  readonly children: ReactNode;
}

/**
 * The one table frame of the app (issue 20; see docs/decisions/0037-responsive-tables-and-accessibility-checks.md). From 48rem
 * up it is a plain table in a region that scrolls sideways with a shadow as its cue; below 48rem
 * each body row becomes a card, every cell labelled with its column (`data-label`), and a row
 * with a detail opens wherever the card is tapped (its RowOpenButton or RowOpenLink spans it).
 */
export function ResponsiveTable({ label, className, children }: ResponsiveTableProps) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={label}>
      <table className={className ? `data-table data-table--cards ${className}` : 'data-table data-table--cards'}>{children}</table>
    </div>
  );
}

/** The control that opens a row's detail; on a phone it covers the whole card. */
export function RowOpenButton({ label, onOpen }: { readonly label: string; readonly onOpen: () => void }) {
  return (
    <button type="button" className="button button--ghost data-table__open" aria-label={label} onClick={onOpen}>
      Open
    </button>
  );
}

/** RowOpenButton for a detail that has its own page. */
export function RowOpenLink({ label, to }: { readonly label: string; readonly to: string }) {
  return (
    <Link className="button button--ghost data-table__open" to={to} aria-label={label}>
      Open
    </Link>
  );
}
