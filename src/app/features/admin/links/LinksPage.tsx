import { useId } from 'react';
import { linkIconNames, linksCollection, categoriesCollection, rulesCollection, type AdminLink, type LinkBody } from '../../../../shared/contract/adminAudience';
import { isOneOf } from '../../../../shared/guards';
import { AdminCollectionPage } from '../collection/AdminCollectionPage';
import { collectionApi } from '../collection/collectionApi';
import { useCollectionList } from '../collection/collection.queries';
import type { FieldsProps } from '../collection/CollectionEditor';
import { Choices, TextInput, type Choice } from '../form/FormParts';
import { linkLoss } from '../form/deleteLoss';
import { ruleChoices, ruleNames } from '../rules/ruleLabels';
import '../../../ui/field.css';

const api = collectionApi(linksCollection);
const categoriesApi = collectionApi(categoriesCollection);
const rulesApi = collectionApi(rulesCollection);

/** Resource links: what Resources lists, who sees each, and how often each was opened lately. */
export function LinksPage() {
  const categories = useCollectionList(categoriesApi);
  const rules = useCollectionList(rulesApi);
  const firstCategory = categories.value?.[0]?.rowId;
  const categoryChoices = (categories.value ?? []).map((c) => ({ value: c.rowId, label: c.name }));
  return (
    <AdminCollectionPage<AdminLink, LinkBody>
      page={{
        api,
        names: { one: 'link', One: 'Link', caption: 'Links', inQuestion: 'link', newHeading: 'New link', exportName: 'links' },
        intro: 'Links appear on Resources in their category. A link with an audience shows only to users matching one of its rules; an inactive link shows to no one. Addresses must be https.',
        nameOf: (l) => l.displayName,
        columns: [
          { key: 'displayName', header: 'Name', value: (l) => l.displayName },
          { key: 'url', header: 'URL', value: (l) => l.url },
          { key: 'description', header: 'Description', value: (l) => l.description, isExportedByDefault: true },
          { key: 'categoryName', header: 'Category', value: (l) => l.categoryName },
          { key: 'rules', header: 'Audience', value: (l) => ruleNames(l.ruleRowIds, rules.value) },
          { key: 'isActive', header: 'Active', value: (l) => l.isActive },
          { key: 'opens28Days', header: 'Opens (28 days)', value: (l) => l.opens28Days },
          { key: 'favouriteCount', header: 'Favourites', value: (l) => l.favouriteCount },
        ],
        fields: (props) => <LinkFields {...props} categories={categoryChoices} rules={ruleChoices(rules.value)} />,
        toBody: ({ displayName, url, description, categoryRowId, icon, ruleRowIds, isActive }) => ({
          displayName, url, description, categoryRowId, icon, ruleRowIds, isActive,
        }),
        newDraft: () => firstCategory === undefined
          ? undefined
          : { displayName: '', url: 'https://', description: '', categoryRowId: firstCategory, icon: null, ruleRowIds: [], isActive: true },
        toRequest: (draft) => ({ ...draft, description: draft.description?.trim() ? draft.description : null }),
        loss: linkLoss,
      }}
    />
  );
}

interface LinkFieldsProps extends FieldsProps<LinkBody> {
  readonly categories: readonly Choice<number>[];
  readonly rules: readonly Choice<number>[];
}

function LinkFields({ draft, set, errors, categories, rules }: LinkFieldsProps) {
  const categoryId = useId();
  const iconId = useId();
  return (
    <>
      <div className="admin-editor__grid">
        <TextInput label="Display name" value={draft.displayName} onChange={(displayName) => set({ displayName })} isRequired maxLength={100} errors={errors('displayName')} />
        <TextInput label="URL" type="url" value={draft.url} onChange={(url) => set({ url })} isRequired hint="https:// only" errors={errors('url')} />
        <TextInput label="Description" value={draft.description ?? ''} onChange={(description) => set({ description })} maxLength={255} errors={errors('description')} />
        <div className="form-field">
          <label className="form-field__label" htmlFor={categoryId}>Category</label>
          <select id={categoryId} className="form-field__input" value={draft.categoryRowId} onChange={(event) => set({ categoryRowId: Number(event.target.value) })}>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>{c.label}</option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={iconId}>Icon</label>
          <select id={iconId} className="form-field__input" value={draft.icon ?? ''} onChange={(event) => {
            const chosen = event.target.value;
            set({ icon: isOneOf(linkIconNames, chosen) ? chosen : null });
          }}>
            <option value="">None</option>
            {linkIconNames.map((name) => (
              <option key={name} value={name}>{name}</option>
            ))}
          </select>
        </div>
      </div>
      <Choices legend="Audience rules" hint="None chosen: everyone signed in." choices={rules} selected={draft.ruleRowIds} onChange={(ruleRowIds) => set({ ruleRowIds })} errors={errors('ruleRowIds')} />
      <label className="admin-choices__item">
        <input type="checkbox" checked={draft.isActive} onChange={(event) => set({ isActive: event.target.checked })} />
        Active
      </label>
    </>
  );
}
