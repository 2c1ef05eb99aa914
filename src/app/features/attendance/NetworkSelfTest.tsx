import { useState } from 'react';
import { Icon } from '../../ui/icons/Icon';
import { checkCampusNetwork, networkCheckTexts, type NetworkCheckResult } from './networkCheck';

type State = NetworkCheckResult | 'idle' | 'checking';

/** The campus network self-test (issue item 4): lets a student check before class. */
export function NetworkSelfTest() {
  const [state, setState] = useState<State>('idle');
  const check = () => {
    setState('checking');
    void checkCampusNetwork().then(setState);
  };
  const result = state === 'idle' || state === 'checking' ? undefined : networkCheckTexts[state];
  return (
    <section className="card attendance-section" aria-labelledby="network-check-heading">
      <h2 id="network-check-heading">Can I register from here?</h2>
      <p className="muted">
        Registering at a monitored class works only on the campus wireless network, eduroam. Check this device before
        class.
      </p>
      <button type="button" className="button button--primary" onClick={check} disabled={state === 'checking'}>
        Check my connection
      </button>
      <div role="status" className="network-check__status">
        {state === 'checking' && <p>Checking your connection…</p>}
        {result && (
          <div className={`network-check__result network-check__result--${state}`}>
            <p className="network-check__title">
              <Icon name={state === 'connected' ? 'check' : 'alert'} size={20} />
              <span>{result.title}</span>
            </p>
            <ul>
              {result.advice.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
