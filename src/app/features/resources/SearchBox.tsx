import { useId } from 'react';

/** A labelled search field and the polite live region that announces how many links match. */
export function SearchBox({ value, onChange, resultText }: { readonly value: string; readonly onChange: (value: string) => void; readonly resultText: string }) {
  const id = useId();
  return (
    <div className="resource-search">
      <label htmlFor={id} className="resource-search__label">
        Search resources
      </label>
      <input
        id={id}
        type="search"
        className="resource-search__input"
        value={value}
        autoComplete="off"
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <p className="resource-search__result" role="status" aria-live="polite">
        {resultText}
      </p>
    </div>
  );
}
