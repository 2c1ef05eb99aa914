import { useEffect, useState } from 'react';
import { listAdGroupsRoute, listRulesRoute, type AdGroup, type AudienceRule } from '../../../../shared/contract/adminAudience';
import { callApi } from '../../../api/client';
import type { ComposeDraft } from './composeDraft';

interface AudiencePickersProps {
  readonly draft: ComposeDraft;
  readonly onChange: (draft: ComposeDraft) => void;
}

const toggled = (ids: readonly number[], id: number, isOn: boolean): number[] => (isOn ? [...ids, id] : ids.filter((other) => other !== id));

/** Checkboxes for the audience rules and directory groups the admin area knows. */
export function AudiencePickers({ draft, onChange }: AudiencePickersProps) {
  const [rules, setRules] = useState<readonly AudienceRule[]>([]);
  const [groups, setGroups] = useState<readonly AdGroup[]>([]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let isCurrent = true;
    Promise.all([callApi(listRulesRoute), callApi(listAdGroupsRoute)])
      .then(([loadedRules, loadedGroups]) => {
        if (!isCurrent) return;
        setRules(loadedRules);
        setGroups(loadedGroups);
      })
      .catch(() => isCurrent && setFailed(true));
    return () => {
      isCurrent = false;
    };
  }, []);
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
