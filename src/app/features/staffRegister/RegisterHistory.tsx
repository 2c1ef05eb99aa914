import type { RegisterHistoryEntry } from '../../../shared/contract/staffRegister';
import { wallDate, wallTime } from './registerLabels';

/** The class's closing, overrides (with their reasons), moves and cancellation, oldest first. */
export function RegisterHistory({ history }: { readonly history: readonly RegisterHistoryEntry[] }) {
  if (history.length === 0) return null;
  return (
    <section className="card register__history" aria-labelledby="register-history-heading">
      <h2 id="register-history-heading">Register history</h2>
      <ol className="register__history-list">
        {history.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <time dateTime={entry.at}>{wallDate(entry.at)} {wallTime(entry.at)}</time>{' '}
            <span>{entry.actorName ? `${entry.actorName}: ` : ''}{entry.summary}.</span>
            {entry.reason && <span className="register__history-reason"> Reason: {entry.reason}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
