import { useId } from 'react';

export interface PreferenceChoiceProps {
  readonly label: string;
  readonly description?: string;
  readonly options: readonly string[];
  /** The saved value; '' or an unknown value selects the option that means the same (e.g. Auto). */
  readonly value: string;
  /** Maps a value to what it does on screen, so '' and 'Auto' select the same option. */
  readonly meaning: (value: string) => string | undefined;
  readonly onChange: (value: string) => void;
}

export function selectedOption(value: string, options: readonly string[], meaning: (value: string) => string | undefined): string | undefined {
  const exact = options.find((option) => option.toLowerCase() === value.trim().toLowerCase());
  return exact ?? options.find((option) => meaning(option) === meaning(value)) ?? options[0];
}

/**
 * One appearance preference as a native radio group (a fieldset with the radiogroup role): Tab reaches the chosen option,
 * the arrow keys move and choose, and the choice applies at once.
 */
export function PreferenceChoice({ label, description, options, value, meaning, onChange }: PreferenceChoiceProps) {
  const name = useId();
  const labelId = `${name}-label`;
  const descriptionId = `${name}-description`;
  const selected = selectedOption(value, options, meaning);
  return (
    <fieldset
      className="preference-choice"
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={description ? descriptionId : undefined}
    >
      <legend id={labelId} className="preference-choice__label">
        {label}
      </legend>
      {description && (
        <p id={descriptionId} className="preference-choice__description">
          {description}
        </p>
      )}
      <div className="preference-choice__options">
        {options.map((option) => (
          <label key={option} className="preference-choice__option">
            <input type="radio" name={name} value={option} checked={option === selected} onChange={() => onChange(option)} />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
