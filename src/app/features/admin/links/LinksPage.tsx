import { useId, useState } from 'react';
import {
  createLinkRoute, deleteLinkRoute, linkIconNames, listCategoriesRoute, listLinksRoute, listRulesRoute, updateLinkRoute,
  type AdminLink, type LinkBody,
} from '../../../../shared/contract/adminAudience';
import { callApi } from '../../../api/client';
import { Choices, ErrorBox, TextInput, fieldErrors } from '../form/FormParts';
import { EditorFooter } from '../form/EditorFooter';
import { PageFrame } from '../form/PageFrame';
import { useDeleteDialog } from '../form/DeleteDialog';
import { linkLoss } from '../form/deleteLoss';
import { RowActions } from '../form/RemoveButtons';
import { useAdminList } from '../form/useAdminList';
import { useSave } from '../form/useSave';
import { ruleNames } from '../rules/ruleLabels';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import { isOneOf } from '../../../../shared/guards';

interface Editing {
  readonly rowId?: number;
  readonly draft: LinkBody;
}

/** Resource links: what Resources lists, who sees each, and how often each was opened lately. */
export function LinksPage() {
  const links = useAdminList(listLinksRoute);
  const categories = useAdminList(listCategoriesRoute);
  const rules = useAdminList(listRulesRoute);
  const [editing, setEditing] = useState<Editing>();
  const deletion = useDeleteDialog(links.reload);
  const columns: AdminColumn<AdminLink>[] = [
    { key: 'displayName', header: 'Name', value: (l) => l.displayName },
    { key: 'url', header: 'URL', value: (l) => l.url },
    { key: 'description', header: 'Description', value: (l) => l.description, isExportedByDefault: true },
    { key: 'categoryName', header: 'Category', value: (l) => l.categoryName },
    { key: 'rules', header: 'Audience', value: (l) => ruleNames(l.ruleRowIds, rules.items) },
    { key: 'isActive', header: 'Active', value: (l) => l.isActive },
    { key: 'opens28Days', header: 'Opens (28 days)', value: (l) => l.opens28Days },
    { key: 'favouriteCount', header: 'Favourites', value: (l) => l.favouriteCount },
  ];
  const toBody = ({ displayName, url, description, categoryRowId, icon, ruleRowIds, isActive }: AdminLink): LinkBody => ({
    displayName, url, description, categoryRowId, icon, ruleRowIds, isActive,
  });
  const remove = (link: AdminLink) =>
    deletion.ask({
      title: `Delete the link “${link.displayName}”?`,
      confirmLabel: 'Delete link',
      // Today's count, not the one loaded with the page.
      loss: async () => linkLoss((await callApi(listLinksRoute)).find((l) => l.rowId === link.rowId) ?? link),
      remove: () => callApi(deleteLinkRoute, { params: { rowId: link.rowId } }),
      done: `Link “${link.displayName}” deleted`,
    });
  const firstCategory = categories.items?.[0]?.rowId;
  return (
    <PageFrame intro="Links appear on Resources in their category. A link with an audience shows only to users matching one of its rules; an inactive link shows to no one. Addresses must be https.">
      {editing ? (
        <LinkEditor
          key={editing.rowId ?? 'new'}
          editing={editing}
          categories={(categories.items ?? []).map((c) => ({ value: c.rowId, label: c.name }))}
          rules={(rules.items ?? []).map((r) => ({ value: r.rowId, label: r.isActive ? r.name : `${r.name} (off)` }))}
          onDone={async () => {
            setEditing(undefined);
            await links.reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <div>
          <button
            type="button"
            className="button button--primary"
            disabled={firstCategory === undefined}
            onClick={() => setEditing({ draft: { displayName: '', url: 'https://', description: '', categoryRowId: firstCategory ?? 0, icon: null, ruleRowIds: [], isActive: true } })}
          >
            Add a link
          </button>
        </div>
      )}
      <ErrorBox error={links.error} title="Links could not be loaded" />
      {links.items && (
        <AdminTable
          caption="Links"
          rows={links.items}
          columns={columns}
          rowKey={(l) => l.rowId}
          exportName="links"
          actions={(link) => (
            <RowActions name={link.displayName} onEdit={() => setEditing({ rowId: link.rowId, draft: toBody(link) })} onDelete={() => remove(link)} />
          )}
        />
      )}
      {deletion.dialog}
    </PageFrame>
  );
}

interface LinkEditorProps {
  readonly editing: Editing;
  readonly categories: readonly { value: number; label: string }[];
  readonly rules: readonly { value: number; label: string }[];
  readonly onDone: () => Promise<void>;
  readonly onCancel: () => void;
}

function LinkEditor({ editing, categories, rules, onDone, onCancel }: LinkEditorProps) {
  const [draft, setDraft] = useState(editing.draft);
  const save = useSave();
  const isOnline = useOnline();
  const categoryId = useId();
  const iconId = useId();
  const set = (change: Partial<LinkBody>) => setDraft({ ...draft, ...change });
  const submit = async () => {
    const body = { ...draft, description: draft.description?.trim() ? draft.description : null };
    const ok = await save.run(
      () => (editing.rowId ? callApi(updateLinkRoute, { params: { rowId: editing.rowId }, body }) : callApi(createLinkRoute, { body })),
      editing.rowId ? 'Link saved' : 'Link added',
    );
    if (ok) await onDone();
  };
  return (
    <form className="admin-editor" aria-labelledby="link-editor-title" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <h2 id="link-editor-title">{editing.rowId ? `Edit link “${editing.draft.displayName}”` : 'New link'}</h2>
      <div className="admin-editor__grid">
        <TextInput label="Display name" value={draft.displayName} onChange={(displayName) => set({ displayName })} isRequired maxLength={100} errors={fieldErrors(save.error, 'displayName')} />
        <TextInput label="URL" type="url" value={draft.url} onChange={(url) => set({ url })} isRequired hint="https:// only" errors={fieldErrors(save.error, 'url')} />
        <TextInput label="Description" value={draft.description ?? ''} onChange={(description) => set({ description })} maxLength={255} errors={fieldErrors(save.error, 'description')} />
        <div className="form-field">
          <label className="form-field__label" htmlFor={categoryId}>Category</label>
          <select id={categoryId} className="form-field__input" value={draft.categoryRowId} onChange={(event) => set({ categoryRowId: Number(event.target.value) })}>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>{c.label}</option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={iconId}>Icon</label>
          <select id={iconId} className="form-field__input" value={draft.icon ?? ''} onChange={(event) => {
            const chosen = event.target.value;
            set({ icon: isOneOf(linkIconNames, chosen) ? chosen : null });
          }}>
            <option value="">None</option>
            {linkIconNames.map((name) => (
              <option key={name} value={name}>{name}</option>
            ))}
          </select>
        </div>
      </div>
      <Choices legend="Audience rules" hint="None chosen: everyone signed in." choices={rules} selected={draft.ruleRowIds} onChange={(ruleRowIds) => set({ ruleRowIds })} errors={fieldErrors(save.error, 'ruleRowIds')} />
      <label className="admin-choices__item">
        <input type="checkbox" checked={draft.isActive} onChange={(event) => set({ isActive: event.target.checked })} />
        Active
      </label>
      <EditorFooter save={save} isOnline={isOnline} saveLabel="Save link" failureTitle="The link was not saved" onCancel={onCancel} />
    </form>
  );
}
