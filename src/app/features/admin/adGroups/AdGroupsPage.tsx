import { adGroupsCollection, type AdGroup, type AdGroupBody } from '../../../../shared/contract/adminAudience';
import { roleNames } from '../../../../shared/contract/route';
import { AdminCollectionPage } from '../collection/AdminCollectionPage';
import { collectionApi } from '../collection/collectionApi';
import type { FieldsProps } from '../collection/CollectionEditor';
import { Choices, TextInput } from '../form/FormParts';
import { groupLoss } from '../form/deleteLoss';
import { roleLabels } from '../rules/ruleLabels';

const api = collectionApi(adGroupsCollection);

/** Directory groups: those the identity provider sends, or added ahead of anyone signing in. */
export function AdGroupsPage() {
  return (
    <AdminCollectionPage<AdGroup, AdGroupBody>
      page={{
        api,
        names: { one: 'group', One: 'Group', caption: 'Directory groups', inQuestion: 'directory group', newHeading: 'New directory group', exportName: 'directory-groups' },
        intro: "Members are recorded when they sign in, from the identity provider's groups claim. Roles a group grants, and its absence-reviewer and Student Support flags, apply to its members from their next request.",
        nameOf: (g) => g.displayName,
        columns: [
          { key: 'displayName', header: 'Name', value: (g) => g.displayName },
          { key: 'groupId', header: 'Group id', value: (g) => g.groupId },
          { key: 'memberCount', header: 'Members', value: (g) => g.memberCount },
          { key: 'grantsRoles', header: 'Grants roles', value: (g) => g.grantsRoles.map((r) => roleLabels[r]) },
          { key: 'isAbsenceReviewGroup', header: 'Reviews absences', value: (g) => g.isAbsenceReviewGroup },
          { key: 'isStudentSupportGroup', header: 'Student support', value: (g) => g.isStudentSupportGroup },
          { key: 'ruleCount', header: 'Rules', value: (g) => g.ruleCount },
        ],
        fields: (props) => <GroupFields {...props} />,
        toBody: ({ groupId, displayName, grantsRoles, isAbsenceReviewGroup, isStudentSupportGroup }) => ({
          groupId, displayName, grantsRoles, isAbsenceReviewGroup, isStudentSupportGroup,
        }),
        newDraft: () => ({ groupId: '', displayName: '', grantsRoles: [], isAbsenceReviewGroup: false, isStudentSupportGroup: false }),
        loss: groupLoss,
      }}
    />
  );
}

function GroupFields({ draft, set, errors }: FieldsProps<AdGroupBody>) {
  return (
    <>
      <div className="admin-editor__grid">
        <TextInput label="Group id" value={draft.groupId} onChange={(groupId) => set({ groupId })} isRequired maxLength={256} hint="Exactly as the identity provider sends it" errors={errors('groupId')} />
        <TextInput label="Display name" value={draft.displayName} onChange={(displayName) => set({ displayName })} isRequired maxLength={100} errors={errors('displayName')} />
      </div>
      <Choices legend="Members get the roles" choices={roleNames.map((r) => ({ value: r, label: roleLabels[r] }))} selected={draft.grantsRoles} onChange={(grantsRoles) => set({ grantsRoles })} />
      <label className="admin-choices__item">
        <input type="checkbox" checked={draft.isAbsenceReviewGroup} onChange={(event) => set({ isAbsenceReviewGroup: event.target.checked })} />
        Members review absence requests
      </label>
      <label className="admin-choices__item">
        <input type="checkbox" checked={draft.isStudentSupportGroup} onChange={(event) => set({ isStudentSupportGroup: event.target.checked })} />
        Members are Student Support (they receive students&rsquo; support referrals)
      </label>
    </>
  );
}
