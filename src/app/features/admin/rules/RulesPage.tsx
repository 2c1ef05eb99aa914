import { useState } from 'react';
import {
  createRuleRoute, deleteRuleRoute, listAdGroupsRoute, listRulesRoute, previewRuleRoute, ruleOptionsRoute, studyLevelCodes, updateRuleRoute,
  type AudienceRule, type RuleBody, type RulePreview,
} from '../../../../shared/contract/adminAudience';
import { roleNames } from '../../../../shared/contract/route';
import { callApi } from '../../../api/client';
import { Choices, ErrorBox, TextInput, fieldErrors } from '../form/FormParts';
import { EditorFooter } from '../form/EditorFooter';
import { PageFrame } from '../form/PageFrame';
import { useDeleteDialog } from '../form/DeleteDialog';
import { ruleLoss } from '../form/deleteLoss';
import { RowActions } from '../form/RemoveButtons';
import { useAdminList, useAdminValue } from '../form/useAdminList';
import { useSave } from '../form/useSave';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { roleLabels, studyLevelLabels } from './ruleLabels';

const emptyRule: RuleBody = { name: '', roles: [], adGroupRowIds: [], studyLevels: [], programmes: [], schools: [], isActive: true };

interface Editing {
  readonly rowId?: number;
  readonly draft: RuleBody;
}

/** Audience rules: named audiences that links, categories and notifications target. */
export function RulesPage() {
  const rules = useAdminList(listRulesRoute);
  const groups = useAdminList(listAdGroupsRoute);
  const [editing, setEditing] = useState<Editing>();
  const deletion = useDeleteDialog(rules.reload);
  const groupName = (id: number) => groups.items?.find((g) => g.rowId === id)?.displayName ?? `Group ${id}`;
  const columns: AdminColumn<AudienceRule>[] = [
    { key: 'name', header: 'Name', value: (r) => r.name },
    { key: 'roles', header: 'Roles', value: (r) => r.roles.map((role) => roleLabels[role]) },
    { key: 'groups', header: 'Directory groups', value: (r) => r.adGroupRowIds.map(groupName) },
    { key: 'studyLevels', header: 'Study levels', value: (r) => r.studyLevels.map((l) => studyLevelLabels[l] ?? String(l)) },
    { key: 'programmes', header: 'Programmes', value: (r) => r.programmes },
    { key: 'schools', header: 'Schools', value: (r) => r.schools },
    { key: 'isActive', header: 'Active', value: (r) => r.isActive },
    { key: 'usedBy', header: 'Links and categories', value: (r) => r.linkCount + r.categoryCount },
  ];
  const remove = (rule: AudienceRule) =>
    deletion.ask({
      title: `Delete the rule “${rule.name}”?`,
      confirmLabel: 'Delete rule',
      // Read afresh: what targets it now, and who its audience is now.
      loss: async () => {
        const current = (await callApi(listRulesRoute)).find((r) => r.rowId === rule.rowId) ?? rule;
        const { roles, adGroupRowIds, studyLevels, programmes, schools } = current;
        const { count } = await callApi(previewRuleRoute, { body: { roles, adGroupRowIds, studyLevels, programmes, schools } });
        return ruleLoss(current, current.isActive ? count : 0);
      },
      remove: () => callApi(deleteRuleRoute, { params: { rowId: rule.rowId } }),
      done: `Rule “${rule.name}” deleted`,
    });
  return (
    <PageFrame intro="A rule is a named audience. Within a field any value matches; every field you fill must match. A rule with nothing chosen means everyone signed in; a rule switched off matches no one.">
      {editing ? (
        <RuleEditor
          key={editing.rowId ?? 'new'}
          editing={editing}
          groups={(groups.items ?? []).map((g) => ({ value: g.rowId, label: g.displayName }))}
          onDone={async () => {
            setEditing(undefined);
            await rules.reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <div>
          <button type="button" className="button button--primary" onClick={() => setEditing({ draft: emptyRule })}>
            Add a rule
          </button>
        </div>
      )}
      <ErrorBox error={rules.error} title="Rules could not be loaded" />
      {rules.items && (
        <AdminTable
          caption="Rules"
          rows={rules.items}
          columns={columns}
          rowKey={(r) => r.rowId}
          exportName="rules"
          actions={(rule) => (
            <RowActions name={rule.name} onEdit={() => setEditing({ rowId: rule.rowId, draft: toBody(rule) })} onDelete={() => remove(rule)} />
          )}
        />
      )}
      {deletion.dialog}
    </PageFrame>
  );
}

const toBody = ({ name, roles, adGroupRowIds, studyLevels, programmes, schools, isActive }: AudienceRule): RuleBody => ({
  name, roles, adGroupRowIds, studyLevels, programmes, schools, isActive,
});

interface RuleEditorProps {
  readonly editing: Editing;
  readonly groups: readonly { value: number; label: string }[];
  readonly onDone: () => Promise<void>;
  readonly onCancel: () => void;
}

function RuleEditor({ editing, groups, onDone, onCancel }: RuleEditorProps) {
  const [draft, setDraft] = useState(editing.draft);
  const [preview, setPreview] = useState<RulePreview>();
  const [previewError, setPreviewError] = useState<unknown>();
  const options = useAdminValue(ruleOptionsRoute);
  const save = useSave();
  const isOnline = useOnline();
  const set = (change: Partial<RuleBody>) => {
    setDraft({ ...draft, ...change });
    setPreview(undefined);
  };
  const loadPreview = async () => {
    try {
      const { roles, adGroupRowIds, studyLevels, programmes, schools } = draft;
      setPreview(await callApi(previewRuleRoute, { body: { roles, adGroupRowIds, studyLevels, programmes, schools } }));
      setPreviewError(undefined);
    } catch (error) {
      setPreviewError(error);
    }
  };
  const submit = async () => {
    const ok = await save.run(
      () => (editing.rowId ? callApi(updateRuleRoute, { params: { rowId: editing.rowId }, body: draft }) : callApi(createRuleRoute, { body: draft })),
      editing.rowId ? 'Rule saved' : 'Rule added',
    );
    if (ok) await onDone();
  };
  const fromOptions = (values: readonly string[], chosen: readonly string[]) =>
    [...new Set([...values, ...chosen])].map((value) => ({ value, label: value }));
  const ruleOptions = options.value;
  return (
    <form className="admin-editor" aria-labelledby="rule-editor-title" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <h2 id="rule-editor-title">{editing.rowId ? `Edit rule “${editing.draft.name}”` : 'New rule'}</h2>
      <TextInput label="Name" value={draft.name} onChange={(name) => set({ name })} isRequired maxLength={100} errors={fieldErrors(save.error, 'name')} />
      <Choices legend="Roles" choices={roleNames.map((r) => ({ value: r, label: roleLabels[r] }))} selected={draft.roles} onChange={(roles) => set({ roles })} />
      <Choices legend="Directory groups" choices={groups} selected={draft.adGroupRowIds} onChange={(adGroupRowIds) => set({ adGroupRowIds })} errors={fieldErrors(save.error, 'adGroupRowIds')} />
      <Choices legend="Study levels" choices={studyLevelCodes.map((c) => ({ value: c, label: studyLevelLabels[c] ?? String(c) }))} selected={draft.studyLevels} onChange={(studyLevels) => set({ studyLevels })} />
      <Choices legend="Programmes" choices={fromOptions(ruleOptions?.programmes ?? [], draft.programmes)} selected={draft.programmes} onChange={(programmes) => set({ programmes })} />
      <Choices legend="Schools" choices={fromOptions(ruleOptions?.schools ?? [], draft.schools)} selected={draft.schools} onChange={(schools) => set({ schools })} />
      <label className="admin-choices__item">
        <input type="checkbox" checked={draft.isActive} onChange={(event) => set({ isActive: event.target.checked })} />
        Active
      </label>
      <section className="admin-preview" aria-labelledby="rule-preview-title">
        <h3 id="rule-preview-title" className="visually-hidden">Matching users</h3>
        <div>
          <button type="button" className="button" disabled={!isOnline} onClick={() => void loadPreview()}>
            Preview matching users
          </button>
        </div>
        <ErrorBox error={previewError} title="Preview failed" />
        {preview && (
          <div role="status">
            <p>
              <strong>{preview.count}</strong> {preview.count === 1 ? 'user matches' : 'users match'}
              {preview.sample.length > 0 && preview.count > preview.sample.length ? `; the first ${preview.sample.length}:` : preview.sample.length ? ':' : '.'}
            </p>
            {preview.sample.length > 0 && (
              <ul>
                {preview.sample.map((u) => (
                  <li key={u.userName}>
                    {u.displayName} ({u.userName})
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
      <EditorFooter save={save} isOnline={isOnline} saveLabel="Save rule" failureTitle="The rule was not saved" onCancel={onCancel} />
    </form>
  );
}
