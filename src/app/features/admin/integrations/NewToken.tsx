import { useEffect, useRef } from 'react';
import type { CreatedIntegrationClient } from '../../../../shared/contract/integration';
import { copyText } from '../../../ui/copyText';
import '../../../ui/field.css';

/** The new client's token, shown this once: copy it now, it cannot be shown again. */
export function NewToken({ client, onDone }: { readonly client: CreatedIntegrationClient; readonly onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card integration-token" aria-labelledby="integration-token-title">
      <h2 id="integration-token-title" ref={heading} tabIndex={-1}>
        The token of “{client.name}”
      </h2>
      <p className="callout">Copy the token now and keep it in the other system’s secret store. It is not shown again; if it is lost, revoke this client and create a new one.</p>
      <div className="form-field">
        <label className="form-field__label" htmlFor="integration-token-value">Token</label>
        <input id="integration-token-value" className="form-field__input integration-token__value" readOnly value={client.token} onFocus={(event) => event.currentTarget.select()} />
      </div>
      <div className="admin-editor__actions">
        <button type="button" className="button button--primary" onClick={() => void copyText(client.token, 'Token copied', 'the token')}>Copy token</button>
        <button type="button" className="button" onClick={onDone}>Done</button>
      </div>
    </section>
  );
}
