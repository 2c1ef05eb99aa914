import { useState } from 'react';
import {
  createAdGroupRoute, deleteAdGroupRoute, listAdGroupsRoute, updateAdGroupRoute,
  type AdGroup, type AdGroupBody,
} from '../../../../shared/contract/adminAudience';
import { roleNames } from '../../../../shared/contract/route';
import { callApi } from '../../../api/client';
import { Choices, ErrorBox, TextInput, fieldErrors } from '../form/FormParts';
import { EditorFooter } from '../form/EditorFooter';
import { PageFrame } from '../form/PageFrame';
import { useDeleteDialog } from '../form/DeleteDialog';
import { groupLoss } from '../form/deleteLoss';
import { RowActions } from '../form/RemoveButtons';
import { useAdminList } from '../form/useAdminList';
import { useSave } from '../form/useSave';
import { roleLabels } from '../rules/ruleLabels';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';

interface Editing {
  readonly rowId?: number;
  readonly draft: AdGroupBody;
}

/** Directory groups: those the identity provider sends, or added ahead of anyone signing in. */
export function AdGroupsPage() {
  const groups = useAdminList(listAdGroupsRoute);
  const [editing, setEditing] = useState<Editing>();
  const deletion = useDeleteDialog(groups.reload);
  const columns: AdminColumn<AdGroup>[] = [
    { key: 'displayName', header: 'Name', value: (g) => g.displayName },
    { key: 'groupId', header: 'Group id', value: (g) => g.groupId },
    { key: 'memberCount', header: 'Members', value: (g) => g.memberCount },
    { key: 'grantsRoles', header: 'Grants roles', value: (g) => g.grantsRoles.map((r) => roleLabels[r]) },
    { key: 'isAbsenceReviewGroup', header: 'Reviews absences', value: (g) => g.isAbsenceReviewGroup },
    { key: 'isStudentSupportGroup', header: 'Student support', value: (g) => g.isStudentSupportGroup },
    { key: 'ruleCount', header: 'Rules', value: (g) => g.ruleCount },
  ];
  const toBody = ({ groupId, displayName, grantsRoles, isAbsenceReviewGroup, isStudentSupportGroup }: AdGroup): AdGroupBody => ({
    groupId, displayName, grantsRoles, isAbsenceReviewGroup, isStudentSupportGroup,
  });
  const remove = (group: AdGroup) =>
    deletion.ask({
      title: `Delete the directory group “${group.displayName}”?`,
      confirmLabel: 'Delete group',
      loss: async () => groupLoss((await callApi(listAdGroupsRoute)).find((g) => g.rowId === group.rowId) ?? group),
      remove: () => callApi(deleteAdGroupRoute, { params: { rowId: group.rowId } }),
      done: `Group “${group.displayName}” deleted`,
    });
  return (
    <PageFrame intro="Members are recorded when they sign in, from the identity provider's groups claim. Roles a group grants, and its absence-reviewer and Student Support flags, apply to its members from their next request.">
      {editing ? (
        <GroupEditor
          key={editing.rowId ?? 'new'}
          editing={editing}
          onDone={async () => {
            setEditing(undefined);
            await groups.reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <div>
          <button type="button" className="button button--primary" onClick={() => setEditing({ draft: { groupId: '', displayName: '', grantsRoles: [], isAbsenceReviewGroup: false, isStudentSupportGroup: false } })}>
            Add a group
          </button>
        </div>
      )}
      <ErrorBox error={groups.error} title="Directory groups could not be loaded" />
      {groups.items && (
        <AdminTable
          caption="Directory groups"
          rows={groups.items}
          columns={columns}
          rowKey={(g) => g.rowId}
          exportName="directory-groups"
          actions={(group) => (
            <RowActions name={group.displayName} onEdit={() => setEditing({ rowId: group.rowId, draft: toBody(group) })} onDelete={() => remove(group)} />
          )}
        />
      )}
      {deletion.dialog}
    </PageFrame>
  );
}

interface GroupEditorProps {
  readonly editing: Editing;
  readonly onDone: () => Promise<void>;
  readonly onCancel: () => void;
}

function GroupEditor({ editing, onDone, onCancel }: GroupEditorProps) {
  const [draft, setDraft] = useState(editing.draft);
  const save = useSave();
  const isOnline = useOnline();
  const set = (change: Partial<AdGroupBody>) => setDraft({ ...draft, ...change });
  const submit = async () => {
    const ok = await save.run(
      () => (editing.rowId ? callApi(updateAdGroupRoute, { params: { rowId: editing.rowId }, body: draft }) : callApi(createAdGroupRoute, { body: draft })),
      editing.rowId ? 'Group saved' : 'Group added',
    );
    if (ok) await onDone();
  };
  return (
    <form className="admin-editor" aria-labelledby="group-editor-title" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <h2 id="group-editor-title">{editing.rowId ? `Edit group “${editing.draft.displayName}”` : 'New directory group'}</h2>
      <div className="admin-editor__grid">
        <TextInput label="Group id" value={draft.groupId} onChange={(groupId) => set({ groupId })} isRequired maxLength={256} hint="Exactly as the identity provider sends it" errors={fieldErrors(save.error, 'groupId')} />
        <TextInput label="Display name" value={draft.displayName} onChange={(displayName) => set({ displayName })} isRequired maxLength={100} errors={fieldErrors(save.error, 'displayName')} />
      </div>
      <Choices legend="Members get the roles" choices={roleNames.map((r) => ({ value: r, label: roleLabels[r] }))} selected={draft.grantsRoles} onChange={(grantsRoles) => set({ grantsRoles })} />
      <label className="admin-choices__item">
        <input type="checkbox" checked={draft.isAbsenceReviewGroup} onChange={(event) => set({ isAbsenceReviewGroup: event.target.checked })} />
        Members review absence requests
      </label>
      <label className="admin-choices__item">
        <input type="checkbox" checked={draft.isStudentSupportGroup} onChange={(event) => set({ isStudentSupportGroup: event.target.checked })} />
        Members are Student Support (they receive students&rsquo; support referrals)
      </label>
      <EditorFooter save={save} isOnline={isOnline} saveLabel="Save group" failureTitle="The group was not saved" onCancel={onCancel} />
    </form>
  );
}
