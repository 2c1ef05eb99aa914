import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import dayjs from 'dayjs';
import {
  defaultTokenLifetimeDays, integrationScopeLabels, maxTokenLifetimeDays, type CreatedIntegrationClient,
} from '../../../../shared/contract/integration';
import { integrationScopes, type IntegrationScope } from '../../../../shared/contract/integrationScopes';
import { DateField } from '../../../ui/dateField/DateField';
import { Choices, TextInput, fieldErrors } from '../form/FormParts';
import { EditorFooter } from '../form/EditorFooter';
import { useSave } from '../form/useSave';
import { useOnline } from '../shell/useOnline';
import { serverNow } from '../../timetable/serverClock';
import { createIntegrationClient } from './integrations.queries';

interface NewClientFormProps {
  readonly onCreated: (client: CreatedIntegrationClient) => void;
  readonly onCancel: () => void;
}

const scopeChoices = integrationScopes.map((scope) => ({ value: scope, label: integrationScopeLabels[scope] }));

/** Adds an integration client: a name, what it may do, and when its token stops working. */
export function NewClientForm({ onCreated, onCancel }: NewClientFormProps) {
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<IntegrationScope[]>([]);
  const [expiresOn, setExpiresOn] = useState<string | null>(null);
  const save = useSave();
  const queryClient = useQueryClient();
  const isOnline = useOnline();
  const today = dayjs(serverNow());
  const submit = async () => {
    let created: CreatedIntegrationClient | undefined;
    // The token stops working at the end of the chosen day, in the university's time.
    const expiresAt = expiresOn ? dayjs(expiresOn).endOf('day').format() : undefined;
    const ok = await save.run(async () => {
      created = await createIntegrationClient(queryClient, { name, scopes, ...(expiresAt ? { expiresAt } : {}) });
    }, `Client “${name.trim()}” added`);
    if (ok && created) onCreated(created);
  };
  return (
    <form className="admin-editor" aria-labelledby="client-editor-title" noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <h2 id="client-editor-title">New integration client</h2>
      <div className="admin-editor__grid">
        <TextInput label="Name" value={name} onChange={setName} isRequired maxLength={100} hint="The system that will use it, e.g. “Student records nightly”." errors={fieldErrors(save.error, 'name')} />
        <DateField
          label="Token expires on (optional)"
          value={expiresOn}
          onChange={setExpiresOn}
          min={today.add(1, 'day').format('YYYY-MM-DD')}
          max={today.add(maxTokenLifetimeDays, 'day').format('YYYY-MM-DD')}
          errorMessage={fieldErrors(save.error, 'expiresAt')?.join(' ')}
        />
      </div>
      <p className="muted">Left empty, the token works for {defaultTokenLifetimeDays / 365} year from today.</p>
      <Choices legend="What it may do" choices={scopeChoices} selected={scopes} onChange={setScopes} errors={fieldErrors(save.error, 'scopes')} />
      <EditorFooter save={save} isOnline={isOnline} saveLabel="Create client" failureTitle="The client was not created" onCancel={onCancel} />
    </form>
  );
}
