import { useAudienceChoices } from './adminNotifications.queries';
import type { ComposeDraft } from './composeDraft';

interface AudiencePickersProps {
  readonly draft: ComposeDraft;
  readonly onChange: (draft: ComposeDraft) => void;
}

const toggled = (ids: readonly number[], id: number, isOn: boolean): number[] => (isOn ? [...ids, id] : ids.filter((other) => other !== id));

/** Checkboxes for the audience rules and directory groups the admin area knows. */
export function AudiencePickers({ draft, onChange }: AudiencePickersProps) {
  const choices = useAudienceChoices();
  const rules = choices.data?.rules ?? [];
  const groups = choices.data?.groups ?? [];
  const failed = choices.isError;
  if (failed) return <p className="muted">Rules and directory groups could not be loaded (offline?).</p>;
  return (
    <>
      {rules.length > 0 && (
        <fieldset className="compose-notification__pickers">
          <legend>Rules</legend>
          {rules.map((rule) => (
            <label key={rule.rowId} className="compose-notification__check">
              <input
                type="checkbox"
                checked={draft.ruleRowIds.includes(rule.rowId)}
                onChange={(event) => onChange({ ...draft, ruleRowIds: toggled(draft.ruleRowIds, rule.rowId, event.target.checked) })}
              />
              {rule.isActive ? rule.name : `${rule.name} (inactive: matches no one)`}
            </label>
          ))}
        </fieldset>
      )}
      {groups.length > 0 && (
        <fieldset className="compose-notification__pickers">
          <legend>Directory groups</legend>
          {groups.map((group) => (
            <label key={group.rowId} className="compose-notification__check">
              <input
                type="checkbox"
                checked={draft.adGroupRowIds.includes(group.rowId)}
                onChange={(event) => onChange({ ...draft, adGroupRowIds: toggled(draft.adGroupRowIds, group.rowId, event.target.checked) })}
              />
              {group.displayName} ({group.memberCount})
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
