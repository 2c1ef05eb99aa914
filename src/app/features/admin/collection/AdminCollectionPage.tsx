import { useState, type ReactNode } from 'react';
import { ErrorBox } from '../form/FormParts';
import { PageFrame } from '../form/PageFrame';
import { useDeleteDialog, type Loss } from '../form/DeleteDialog';
import { RowActions } from '../form/RemoveButtons';
import { AdminTable, type AdminColumn } from '../table/AdminTable';
import type { CollectionApi } from './collectionApi';
import { useCollectionList } from './collection.queries';
import { CollectionEditor, type Editing, type FieldsProps } from './CollectionEditor';
import { collectionText, type CollectionNames } from './collectionText';

/** The rows as loaded, and a way to load them again: for a collection's own row buttons. */
export interface LoadedRows<Item> {
  readonly rows: readonly Item[];
  readonly reload: () => Promise<void>;
}

/** One admin collection's page: what differs between rules, categories, links and directory groups. */
export interface CollectionPage<Item extends { readonly rowId: number }, Body> {
  readonly api: CollectionApi<Item, Body>;
  readonly names: CollectionNames;
  /** The line under the page's title. */
  readonly intro: string;
  /** A record's name in headings, buttons and toasts. */
  readonly nameOf: (item: Item) => string;
  readonly columns: readonly AdminColumn<Item>[];
  /** The fields of the add and edit form (render a component of the collection's, so its state lasts). */
  readonly fields: (props: FieldsProps<Body>) => ReactNode;
  /** The body a record is edited from. */
  readonly toBody: (item: Item) => Body;
  /** A new record's draft given the rows; undefined disables Add (e.g. no category to put a link in). */
  readonly newDraft: (rows: readonly Item[]) => Body | undefined;
  /** The draft as sent (e.g. an empty description as null); as it is by default. */
  readonly toRequest?: (draft: Body) => Body;
  /** What deleting the record loses, from the record as read when the dialog opens. */
  readonly loss: (current: Item) => Loss | Promise<Loss>;
  /** The rows in table order; as the server lists them by default. */
  readonly order?: (rows: readonly Item[]) => readonly Item[];
  /** Buttons of the collection's own before Edit and Delete (e.g. move up and down). */
  readonly rowActions?: (item: Item, loaded: LoadedRows<Item>) => ReactNode;
}

/**
 * The page of an admin collection (issue 33 §3): the intro, Add (or the add and edit form), the
 * table with its search, sort, paging and export, and a delete that confirms what it loses.
 */
export function AdminCollectionPage<Item extends { readonly rowId: number }, Body>({ page }: { readonly page: CollectionPage<Item, Body> }) {
  const { api, names, nameOf } = page;
  const text = collectionText(names);
  const list = useCollectionList(api);
  const [editing, setEditing] = useState<Editing<Body>>();
  const deletion = useDeleteDialog(list.reload);
  const rows = list.value ? (page.order ? page.order(list.value) : list.value) : undefined;
  const newDraft = page.newDraft(rows ?? []);
  const write = (rowId: number | undefined, draft: Body) => {
    const body = page.toRequest ? page.toRequest(draft) : draft;
    return rowId ? api.update(rowId, body) : api.create(body);
  };
  const remove = (item: Item) =>
    deletion.ask({
      title: text.deleteQuestion(nameOf(item)),
      confirmLabel: text.deleteLabel,
      // Read afresh: what it would lose now, not as the page loaded it.
      loss: async () => page.loss((await api.list()).find((current) => current.rowId === item.rowId) ?? item),
      remove: () => api.remove(item.rowId),
      done: text.deleted(nameOf(item)),
    });
  return (
    <PageFrame intro={page.intro}>
      {editing ? (
        <CollectionEditor
          key={editing.rowId ?? 'new'}
          editing={editing}
          text={text}
          newHeading={names.newHeading}
          fields={page.fields}
          write={write}
          onDone={async () => {
            setEditing(undefined);
            await list.reload();
          }}
          onCancel={() => setEditing(undefined)}
        />
      ) : (
        <div>
          <button type="button" className="button button--primary" disabled={newDraft === undefined} onClick={() => {
            if (newDraft) setEditing({ draft: newDraft });
          }}>
            {text.add}
          </button>
        </div>
      )}
      <ErrorBox error={list.error} title={text.loadFailed} />
      {rows && (
        <AdminTable
          caption={names.caption}
          rows={rows}
          columns={page.columns}
          rowKey={(item) => item.rowId}
          exportName={names.exportName}
          actions={(item) => (
            <>
              {page.rowActions?.(item, { rows, reload: list.reload })}
              <RowActions name={nameOf(item)} onEdit={() => setEditing({ rowId: item.rowId, name: nameOf(item), draft: page.toBody(item) })} onDelete={() => remove(item)} />
            </>
          )}
        />
      )}
      {deletion.dialog}
    </PageFrame>
  );
}
