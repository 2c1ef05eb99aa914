import { useState } from 'react';
import {
  createCategoryRoute, deleteCategoryRoute, listCategoriesRoute, listRulesRoute, updateCategoryRoute,
  type AdminCategory, type CategoryBody,
} from '../../../../shared/contract/adminAudience';
import { contrastColour, relativeLuminosity } from '../../../../shared/rules/contrastColour';
import { callApi } from '../../../api/client';
import { toast } from '../../../ui/toast/toastStore';
import { Choices, ErrorBox, TextInput, fieldErrors } from '../form/FormParts';
import { EditorFooter } from '../form/EditorFooter';
import { PageFrame } from '../form/PageFrame';
import { useDeleteDialog } from '../form/DeleteDialog';
import { categoryLoss } from '../form/deleteLoss';
import { RowActions } from '../form/RemoveButtons';
import { useAdminList } from '../form/useAdminList';
import { useSave } from '../form/useSave';
import { ruleNames } from '../rules/ruleLabels';
import { useOnline } from '../shell/useOnline';
import { AdminTable, type AdminColumn } from '../table/AdminTable';

interface Editing {
  readonly rowId?: number;
  readonly draft: CategoryBody;
}

const isHex = (colour: string) => /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(colour);

/** Resource categories: name, colour (text colour by SPEC §9's luminosity rule), order and audience. */
export function CategoriesPage() {
  const categories = useAdminList(listCategoriesRoute);
  const rules = useAdminList(listRulesRoute);
  const [editing, setEditing] = useState<Editing>();
  const deletion = useDeleteDialog(categories.reload);
  const sorted = [...(categories.items ?? [])].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name));
  const columns: AdminColumn<AdminCategory>[] = [
    { key: 'order', header: 'Order', value: (c) => c.order },
    {
      key: 'name', header: 'Name', value: (c) => c.name,
      render: (c) => (<><span className="admin-swatch" style={{ background: c.colour }} aria-hidden="true" />{c.name}</>),
    },
    { key: 'colour', header: 'Colour', value: (c) => c.colour },
    { key: 'rules', header: 'Audience', value: (c) => ruleNames(c.ruleRowIds, rules.items) },
    { key: 'linkCount', header: 'Links', value: (c) => c.linkCount },
  ];
  const toBody = ({ name, colour, order, ruleRowIds }: AdminCategory): CategoryBody => ({ name, colour, order, ruleRowIds });
  const move = async (category: AdminCategory, by: -1 | 1) => {
    const index = sorted.findIndex((c) => c.rowId === category.rowId);
    const other = sorted[index + by];
    if (!other) return;
    try {
      // Swap the two orders; equal orders get distinct ones.
      const [mine, theirs] = other.order === category.order ? [category.order + by, category.order] : [other.order, category.order];
      await callApi(updateCategoryRoute, { params: { rowId: category.rowId }, body: { ...toBody(category), order: Math.max(0, mine) } });
      await callApi(updateCategoryRoute, { params: { rowId: other.rowId }, body: { ...toBody(other), order: theirs } });
      await categories.reload();
    } catch (error) {
      toast.negative(error instanceof Error ? error.message : 'The order could not be changed.');
    }
  };
  const remove = (category: AdminCategory) =>
    deletion.ask({
      title: `Delete the category “${category.name}”?`,
      confirmLabel: 'Delete category',
      loss: async () => categoryLoss((await callApi(listCategoriesRoute)).find((c) => c.rowId === category.rowId) ?? category),
      remove: () => callApi(deleteCategoryRoute, { params: { rowId: category.rowId } }),
      done: `Category “${category.name}” deleted`,
    });
  const nextOrder = Math.max(0, ...sorted.map((c) => c.order)) + 1;
  return (
    <PageFrame intro="Categories group the links on Resources, in this order. A category with an audience shows only to users matching one of its rules. A category that still holds links cannot be deleted: move or delete its links first.">
      {editing ? (
        <CategoryEditor
          key={editing.rowId ?? 'new'}
          editing={editing}
          rules={(rules.items ?? []).map((r) => ({ value: r.rowId, label: r.isActive ? r.name : `${r.name} (off)` }))}
          onDone={async () => {
            setEditing(undefined);
            await categories.reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <div>
          <button type="button" className="button button--primary" onClick={() => setEditing({ draft: { name: '', colour: '#1e3a8a', order: nextOrder, ruleRowIds: [] } })}>
            Add a category
          </button>
        </div>
      )}
      <ErrorBox error={categories.error} title="Categories could not be loaded" />
      {categories.items && (
        <AdminTable
          caption="Categories"
          rows={sorted}
          columns={columns}
          rowKey={(c) => c.rowId}
          exportName="categories"
          actions={(category) => (
            <>
              <button type="button" className="button button--ghost" aria-label={`Move ${category.name} up`} onClick={() => void move(category, -1)}>
                Up
              </button>
              <button type="button" className="button button--ghost" aria-label={`Move ${category.name} down`} onClick={() => void move(category, 1)}>
                Down
              </button>
              <RowActions name={category.name} onEdit={() => setEditing({ rowId: category.rowId, draft: toBody(category) })} onDelete={() => remove(category)} />
            </>
          )}
        />
      )}
      {deletion.dialog}
    </PageFrame>
  );
}

interface CategoryEditorProps {
  readonly editing: Editing;
  readonly rules: readonly { value: number; label: string }[];
  readonly onDone: () => Promise<void>;
  readonly onCancel: () => void;
}

function CategoryEditor({ editing, rules, onDone, onCancel }: CategoryEditorProps) {
  const [draft, setDraft] = useState(editing.draft);
  const save = useSave();
  const isOnline = useOnline();
  const set = (change: Partial<CategoryBody>) => setDraft({ ...draft, ...change });
  const submit = async () => {
    const ok = await save.run(
      () => (editing.rowId ? callApi(updateCategoryRoute, { params: { rowId: editing.rowId }, body: draft }) : callApi(createCategoryRoute, { body: draft })),
      editing.rowId ? 'Category saved' : 'Category added',
    );
    if (ok) await onDone();
  };
  const colour = isHex(draft.colour) ? draft.colour : '#000000';
  const text = contrastColour(colour);
  return (
    <form className="admin-editor" aria-labelledby="category-editor-title" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <h2 id="category-editor-title">{editing.rowId ? `Edit category “${editing.draft.name}”` : 'New category'}</h2>
      <div className="admin-editor__grid">
        <TextInput label="Name" value={draft.name} onChange={(name) => set({ name })} isRequired maxLength={100} errors={fieldErrors(save.error, 'name')} />
        <TextInput label="Colour" type="color" value={colour} onChange={(value) => set({ colour: value })} />
        <TextInput label="Colour (hex)" value={draft.colour} onChange={(value) => set({ colour: value.trim() })} hint="#rgb or #rrggbb" errors={fieldErrors(save.error, 'colour')} />
        <TextInput label="Order" type="number" value={String(draft.order)} onChange={(value) => set({ order: Number.parseInt(value, 10) || 0 })} errors={fieldErrors(save.error, 'order')} />
      </div>
      <div className="admin-preview">
        <p className="form-field__label">Tile preview</p>
        <div className="admin-tile" style={{ background: colour, color: text }} data-testid="tile-preview">
          {draft.name || 'Category name'}
        </div>
        <p className="muted">
          Luminosity {relativeLuminosity(colour).toFixed(2)}: {text === '#ffffff' ? 'white' : 'black'} text (white at 0.4 or less).
        </p>
      </div>
      <Choices legend="Audience rules" hint="None chosen: everyone signed in." choices={rules} selected={draft.ruleRowIds} onChange={(ruleRowIds) => set({ ruleRowIds })} errors={fieldErrors(save.error, 'ruleRowIds')} />
      <EditorFooter save={save} isOnline={isOnline} saveLabel="Save category" failureTitle="The category was not saved" onCancel={onCancel} />
    </form>
  );
}
