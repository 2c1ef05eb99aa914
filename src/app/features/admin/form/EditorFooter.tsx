import type { Save } from './useSave';
import { ErrorBox } from './FormParts';

interface EditorFooterProps {
  readonly save: Save;
  /** Offline, Save is disabled (admin pages are online only) and what was typed stays. */
  readonly isOnline: boolean;
  /** The Save button's label, e.g. 'Save link'. */
  readonly saveLabel: string;
  /** The heading of the error box when saving failed, e.g. 'The link was not saved'. */
  readonly failureTitle: string;
  readonly onCancel: () => void;
}

/** An admin editor's last part: the save error (if any), then Save and Cancel. */
export function EditorFooter({ save, isOnline, saveLabel, failureTitle, onCancel }: EditorFooterProps) {
  return (
    <>
      <ErrorBox error={save.error} title={failureTitle} />
      <div className="admin-editor__actions">
        <button type="submit" className="button button--primary" disabled={save.isSaving || !isOnline}>
          {save.isSaving ? 'Saving…' : saveLabel}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </>
  );
}
