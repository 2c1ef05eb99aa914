interface RowActionsProps {
  readonly name: string;
  readonly onEdit: () => void;
  readonly onDelete: () => void;
}

/** Edit and Delete for one table row, named after the row for screen readers. */
export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <>
      <button type="button" className="button button--ghost" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="button button--ghost" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </button>
    </>
  );
}
