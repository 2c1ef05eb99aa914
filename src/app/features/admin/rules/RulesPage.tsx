import { useState } from 'react';
import {
  rulesCollection, studyLevelCodes, type AudienceRule, type RuleBody, type RuleConditions, type RulePreview,
} from '../../../../shared/contract/adminAudience';
import { roleNames } from '../../../../shared/contract/route';
import { AdminCollectionPage } from '../collection/AdminCollectionPage';
import { collectionApi } from '../collection/collectionApi';
import type { FieldsProps } from '../collection/CollectionEditor';
import { Choices, ErrorBox, TextInput, type Choice } from '../form/FormParts';
import { ruleLoss } from '../form/deleteLoss';
import { useOnline } from '../shell/useOnline';
import { roleLabels, studyLevelLabels } from './ruleLabels';
import { previewRule, useRuleAdGroups, useRuleOptions } from './rules.queries';

const api = collectionApi(rulesCollection);

const conditionsOf = ({ roles, adGroupRowIds, studyLevels, programmes, schools }: RuleConditions): RuleConditions => ({
  roles, adGroupRowIds, studyLevels, programmes, schools,
});

/** Audience rules: named audiences that links, categories and notifications target. */
export function RulesPage() {
  const groups = useRuleAdGroups();
  const groupName = (id: number) => groups.data?.find((g) => g.rowId === id)?.displayName ?? `Group ${id}`;
  return (
    <AdminCollectionPage<AudienceRule, RuleBody>
      page={{
        api,
        names: { one: 'rule', One: 'Rule', caption: 'Rules', inQuestion: 'rule', newHeading: 'New rule', exportName: 'rules' },
        intro: 'A rule is a named audience. Within a field any value matches; every field you fill must match. A rule with nothing chosen means everyone signed in; a rule switched off matches no one.',
        nameOf: (r) => r.name,
        columns: [
          { key: 'name', header: 'Name', value: (r) => r.name },
          { key: 'roles', header: 'Roles', value: (r) => r.roles.map((role) => roleLabels[role]) },
          { key: 'groups', header: 'Directory groups', value: (r) => r.adGroupRowIds.map(groupName) },
          { key: 'studyLevels', header: 'Study levels', value: (r) => r.studyLevels.map((l) => studyLevelLabels[l] ?? String(l)) },
          { key: 'programmes', header: 'Programmes', value: (r) => r.programmes },
          { key: 'schools', header: 'Schools', value: (r) => r.schools },
          { key: 'isActive', header: 'Active', value: (r) => r.isActive },
          { key: 'usedBy', header: 'Links and categories', value: (r) => r.linkCount + r.categoryCount },
        ],
        fields: (props) => <RuleFields {...props} groups={(groups.data ?? []).map((g) => ({ value: g.rowId, label: g.displayName }))} />,
        toBody: ({ name, roles, adGroupRowIds, studyLevels, programmes, schools, isActive }) => ({
          name, roles, adGroupRowIds, studyLevels, programmes, schools, isActive,
        }),
        newDraft: () => ({ name: '', roles: [], adGroupRowIds: [], studyLevels: [], programmes: [], schools: [], isActive: true }),
        // Who its audience is now.
        loss: async (current) => {
          const { count } = await previewRule(conditionsOf(current));
          return ruleLoss(current, current.isActive ? count : 0);
        },
      }}
    />
  );
}

function RuleFields({ draft, set, errors, groups }: FieldsProps<RuleBody> & { readonly groups: readonly Choice<number>[] }) {
  // The preview answers one draft: any change hides it until asked again.
  const [preview, setPreview] = useState<{ readonly of: RuleBody; readonly answer: RulePreview }>();
  const [previewError, setPreviewError] = useState<unknown>();
  const options = useRuleOptions();
  const isOnline = useOnline();
  const loadPreview = async () => {
    try {
      setPreview({ of: draft, answer: await previewRule(conditionsOf(draft)) });
      setPreviewError(undefined);
    } catch (error) {
      setPreviewError(error);
    }
  };
  const shown = preview?.of === draft ? preview.answer : undefined;
  const fromOptions = (values: readonly string[], chosen: readonly string[]) =>
    [...new Set([...values, ...chosen])].map((value) => ({ value, label: value }));
  const ruleOptions = options.data;
  return (
    <>
      <TextInput label="Name" value={draft.name} onChange={(name) => set({ name })} isRequired maxLength={100} errors={errors('name')} />
      <Choices legend="Roles" choices={roleNames.map((r) => ({ value: r, label: roleLabels[r] }))} selected={draft.roles} onChange={(roles) => set({ roles })} />
      <Choices legend="Directory groups" choices={groups} selected={draft.adGroupRowIds} onChange={(adGroupRowIds) => set({ adGroupRowIds })} errors={errors('adGroupRowIds')} />
      <Choices legend="Study levels" choices={studyLevelCodes.map((c) => ({ value: c, label: studyLevelLabels[c] ?? String(c) }))} selected={draft.studyLevels} onChange={(studyLevels) => set({ studyLevels })} />
      <Choices legend="Programmes" choices={fromOptions(ruleOptions?.programmes ?? [], draft.programmes)} selected={draft.programmes} onChange={(programmes) => set({ programmes })} />
      <Choices legend="Schools" choices={fromOptions(ruleOptions?.schools ?? [], draft.schools)} selected={draft.schools} onChange={(schools) => set({ schools })} />
      <label className="admin-choices__item">
        <input type="checkbox" checked={draft.isActive} onChange={(event) => set({ isActive: event.target.checked })} />
        Active
      </label>
      <section className="admin-preview" aria-labelledby="rule-preview-title">
        <h3 id="rule-preview-title" className="visually-hidden">Matching users</h3>
        <div>
          <button type="button" className="button" disabled={!isOnline} onClick={() => void loadPreview()}>
            Preview matching users
          </button>
        </div>
        <ErrorBox error={previewError} title="Preview failed" />
        {shown && (
          <div role="status">
            <p>
              <strong>{shown.count}</strong> {shown.count === 1 ? 'user matches' : 'users match'}
              {shown.sample.length > 0 && shown.count > shown.sample.length ? `; the first ${shown.sample.length}:` : shown.sample.length ? ':' : '.'}
            </p>
            {shown.sample.length > 0 && (
              <ul>
                {shown.sample.map((u) => (
                  <li key={u.userName}>
                    {u.displayName} ({u.userName})
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
    </>
  );
}
