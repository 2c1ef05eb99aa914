/** A field's message, which its input names in aria-describedby. Nothing when there is none. */
export function FieldError({ id, message }: { readonly id: string; readonly message: string | undefined }) {
  if (message === undefined || message === '') return null;
  return (
    <p id={id} className="form-field__error">
      {message}
    </p>
  );
}
