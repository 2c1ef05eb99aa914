import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { classCodePlaceholder, connectorKinds, type Connector } from '../../../../shared/contract/adminConnectors';
import { EditorFooter } from '../form/EditorFooter';
import { TextInput, fieldErrors } from '../form/FormParts';
import { useSave } from '../form/useSave';
import { useOnline } from '../shell/useOnline';
import { bodyOf, draftOf, emptyConnectorDraft, type ConnectorDraft, type FeedDraft } from './connectorDraft';
import { connectorKindLabels, scheduleInWords } from './connectorText';
import { saveConnector } from './integrations.queries';

interface ConnectorFormProps {
  /** The connector being changed; absent when adding one. */
  readonly connector?: Connector;
  readonly onDone: () => void;
  readonly onCancel: () => void;
}

/**
 * Adds or changes a connector: its name, kind (chosen when adding only), schedule, whether it is
 * on, and the kind's own settings. A stored secret is never shown: blank keeps it, and it can be
 * removed. Field errors come from the server (SPEC §8), under the field they name.
 */
export function ConnectorForm({ connector, onDone, onCancel }: ConnectorFormProps) {
  const [draft, setDraft] = useState<ConnectorDraft>(connector ? draftOf(connector) : emptyConnectorDraft);
  const save = useSave();
  const queryClient = useQueryClient();
  const isOnline = useOnline();
  const titleId = useId();
  const kindErrorId = useId();
  const set = (change: Partial<ConnectorDraft>) => setDraft({ ...draft, ...change });
  const errorsOf = (field: string) => fieldErrors(save.error, field);
  const isEditing = connector !== undefined;
  const submit = async () => {
    const body = bodyOf(draft, isEditing);
    const ok = await save.run(
      () => saveConnector(queryClient, connector?.rowId, body),
      connector ? `Connector “${draft.name.trim()}” saved` : `Connector “${draft.name.trim()}” added`,
    );
    if (ok) onDone();
  };
  const words = scheduleInWords(draft.schedule);
  const kindErrors = errorsOf('settings.kind');
  return (
    <form className="admin-editor" aria-labelledby={titleId} noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <h3 id={titleId}>{connector ? `Edit scheduled pull “${connector.name}”` : 'New scheduled pull'}</h3>
      <div className="admin-editor__grid">
        <TextInput label="Name" value={draft.name} onChange={(name) => set({ name })} isRequired maxLength={200} errors={errorsOf('name')} />
        <TextInput
          label="Schedule (cron)"
          value={draft.schedule}
          onChange={(schedule) => set({ schedule })}
          isRequired
          maxLength={100}
          hint={<>e.g. <code>0 * * * *</code> for hourly, in the university’s time zone.{words ? ` Now: ${words}.` : ''}</>}
          errors={errorsOf('schedule')}
        />
      </div>
      {isEditing ? (
        <p>
          <strong>Kind:</strong> {connectorKindLabels[draft.kind]}
        </p>
      ) : (
        <fieldset className="admin-choices" aria-describedby={kindErrors?.length ? kindErrorId : undefined}>
          <legend>What it reads</legend>
          <div className="admin-choices__list">
            {connectorKinds.map((kind) => (
              <label key={kind} className="admin-choices__item">
                <input type="radio" name="connector-kind" value={kind} checked={draft.kind === kind} onChange={() => set({ kind })} />
                {connectorKindLabels[kind]}
              </label>
            ))}
          </div>
          {kindErrors?.length ? <p id={kindErrorId} className="form-field__error">{kindErrors.join(' ')}</p> : null}
        </fieldset>
      )}
      {draft.kind === 'oneRoster' ? <OneRosterFields draft={draft} set={set} errorsOf={errorsOf} connector={connector} /> : <IcalFields draft={draft} set={set} errorsOf={errorsOf} />}
      <label className="admin-choices__item">
        <input type="checkbox" checked={draft.isEnabled} onChange={(event) => set({ isEnabled: event.target.checked })} />
        Enabled (runs on its schedule)
      </label>
      <EditorFooter save={save} isOnline={isOnline} saveLabel={isEditing ? 'Save scheduled pull' : 'Add scheduled pull'} failureTitle="The scheduled pull was not saved" onCancel={onCancel} />
    </form>
  );
}

interface FieldsProps {
  readonly draft: ConnectorDraft;
  readonly set: (change: Partial<ConnectorDraft>) => void;
  readonly errorsOf: (field: string) => readonly string[] | undefined;
}

function OneRosterFields({ draft, set, errorsOf, connector }: FieldsProps & { readonly connector: Connector | undefined }) {
  const hasStoredSecret = connector?.hasSecret === true;
  return (
    <fieldset className="admin-choices">
      <legend>OneRoster service</legend>
      <div className="admin-editor__grid">
        <TextInput label="Base URL" type="url" value={draft.baseUrl} onChange={(baseUrl) => set({ baseUrl })} isRequired hint="The service root, e.g. https://sis.example.ac.uk/ims/oneroster/rostering/v1p2" errors={errorsOf('settings.baseUrl')} />
        <TextInput label="Token URL" type="url" value={draft.tokenUrl} onChange={(tokenUrl) => set({ tokenUrl })} isRequired hint="Its OAuth 2.0 token endpoint (client credentials)." errors={errorsOf('settings.tokenUrl')} />
        <TextInput label="Client id" value={draft.clientId} onChange={(clientId) => set({ clientId })} isRequired maxLength={100} errors={errorsOf('settings.clientId')} />
        <TextInput label="Scope (optional)" value={draft.scope} onChange={(scope) => set({ scope })} maxLength={500} hint="Space-separated; blank asks for none." errors={errorsOf('settings.scope')} />
        {!draft.removeSecret && (
          <TextInput
            label={hasStoredSecret ? 'New client secret (optional)' : 'Client secret'}
            type="password"
            autoComplete="new-password"
            value={draft.secret}
            onChange={(secret) => set({ secret })}
            maxLength={2000}
            hint={hasStoredSecret ? 'A secret is stored; it is never shown. Leave blank to keep it.' : 'Stored encrypted; it is never shown again.'}
            errors={errorsOf('secret')}
          />
        )}
      </div>
      {hasStoredSecret && (
        <label className="admin-choices__item">
          <input type="checkbox" checked={draft.removeSecret} onChange={(event) => set({ removeSecret: event.target.checked, secret: '' })} />
          Remove the stored secret
        </label>
      )}
    </fieldset>
  );
}

function IcalFields({ draft, set, errorsOf }: FieldsProps) {
  const feedsErrorId = useId();
  const feedsErrors = errorsOf('settings.feeds');
  const changeFeed = (key: number, change: Partial<FeedDraft>) => set({ feeds: draft.feeds.map((f) => (f.key === key ? { ...f, ...change } : f)) });
  const nextKey = Math.max(-1, ...draft.feeds.map((f) => f.key)) + 1;
  return (
    <fieldset className="admin-choices connector-feeds" aria-describedby={feedsErrors?.length ? feedsErrorId : undefined}>
      <legend>Timetable feeds</legend>
      <p className="muted">Give an address template for every teaching group, a feed per teaching group, or both: a group’s own feed is read instead of the template.</p>
      <TextInput
        label="Address template (optional)"
        type="url"
        value={draft.urlTemplate}
        onChange={(urlTemplate) => set({ urlTemplate })}
        hint={<>Read once per teaching group, with <code>{classCodePlaceholder}</code> replaced by its class code, e.g. https://timetable.example.ac.uk/ical/{classCodePlaceholder}.ics</>}
        errors={errorsOf('settings.urlTemplate')}
      />
      {draft.feeds.map((feed, index) => (
        <fieldset key={feed.key} className="connector-feed">
          <legend>Feed {index + 1}</legend>
          <div className="admin-editor__grid">
            <TextInput label="Class code" value={feed.classCode} onChange={(classCode) => changeFeed(feed.key, { classCode })} isRequired maxLength={100} errors={errorsOf(`settings.feeds.${index}.classCode`)} />
            <TextInput label="Feed address" type="url" value={feed.url} onChange={(url) => changeFeed(feed.key, { url })} isRequired errors={errorsOf(`settings.feeds.${index}.url`)} />
          </div>
          <div>
            <button type="button" className="button button--ghost" aria-label={`Remove feed ${index + 1}`} onClick={() => set({ feeds: draft.feeds.filter((f) => f.key !== feed.key) })}>
              Remove
            </button>
          </div>
        </fieldset>
      ))}
      <div>
        <button type="button" className="button" onClick={() => set({ feeds: [...draft.feeds, { key: nextKey, classCode: '', url: 'https://' }] })}>
          Add a feed
        </button>
      </div>
      {feedsErrors?.length ? <p id={feedsErrorId} className="form-field__error">{feedsErrors.join(' ')}</p> : null}
    </fieldset>
  );
}
