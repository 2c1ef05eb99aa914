import { useState, type ReactNode } from 'react';
import { fieldErrors } from '../form/FormParts';
import { EditorFooter } from '../form/EditorFooter';
import { useSave } from '../form/useSave';
import { useOnline } from '../shell/useOnline';
import type { collectionText } from './collectionText';

/** What a collection's fields get: the draft, a way to change it, and the last save's field errors. */
export interface FieldsProps<Body> {
  readonly draft: Body;
  readonly set: (change: Partial<Body>) => void;
  readonly errors: (field: string) => readonly string[] | undefined;
}

/** A record being added (no rowId) or edited, with its name as it was when the form opened. */
export interface Editing<Body> {
  readonly rowId?: number;
  readonly name?: string;
  readonly draft: Body;
}

interface CollectionEditorProps<Body> {
  readonly editing: Editing<Body>;
  readonly text: ReturnType<typeof collectionText>;
  readonly newHeading: string;
  readonly fields: (props: FieldsProps<Body>) => ReactNode;
  /** Writes the draft: an update when `rowId` is set, else a create. */
  readonly write: (rowId: number | undefined, draft: Body) => Promise<unknown>;
  readonly onDone: () => Promise<void>;
  readonly onCancel: () => void;
}

/** The add and edit form of an admin collection: its heading, the collection's fields, then Save and Cancel. */
export function CollectionEditor<Body>({ editing, text, newHeading, fields, write, onDone, onCancel }: CollectionEditorProps<Body>) {
  const [draft, setDraft] = useState(editing.draft);
  const save = useSave();
  const isOnline = useOnline();
  const { rowId } = editing;
  const submit = async () => {
    const isSaved = await save.run(() => write(rowId, draft), rowId ? text.saved : text.added);
    if (isSaved) await onDone();
  };
  return (
    <form className="admin-editor" aria-labelledby={text.headingId} onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <h2 id={text.headingId}>{rowId ? text.editHeading(editing.name ?? '') : newHeading}</h2>
      {fields({ draft, set: (change) => setDraft({ ...draft, ...change }), errors: (field) => fieldErrors(save.error, field) })}
      <EditorFooter save={save} isOnline={isOnline} saveLabel={text.save} failureTitle={text.saveFailed} onCancel={onCancel} />
    </form>
  );
}
