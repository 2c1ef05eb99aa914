import { useState } from 'react';

/**
 * A masked field's text, its own message, and the last value it knows the form holds. When the
 * form's value changes from outside (a reset, an edit loaded), the text follows it and the message
 * goes; what the field commits itself is recorded first, so it does not bounce back.
 */
export function useFieldText<T>(value: T, toText: (value: T) => string) {
  const [committed, setCommitted] = useState(value);
  const [text, setText] = useState(() => toText(value));
  const [error, setError] = useState<string>();
  if (!Object.is(committed, value)) {
    setCommitted(value);
    setText(toText(value));
    setError(undefined);
  }
  /** Records `next` as the form's value and reports it, unless the form already holds it. */
  const commitWith = (onChange: (value: T) => void) => (next: T) => {
    if (Object.is(next, committed)) return;
    setCommitted(next);
    onChange(next);
  };
  /**
   * Whether leaving the field should run its rules: the user edited the text (it no longer reads as
   * the form's value), or a message of its own is showing and may now be out of date.
   */
  const needsCheck = (current: string) => error !== undefined || current !== toText(committed);
  return { text, setText, error, setError, commitWith, needsCheck };
}

/** The ids of the present descriptions, for aria-describedby. */
export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}
