import { categoriesCollection, rulesCollection, type AdminCategory, type CategoryBody } from '../../../../shared/contract/adminAudience';
import { contrastColour, relativeLuminosity } from '../../../../shared/rules/contrastColour';
import { toast } from '../../../ui/toast/toastStore';
import { AdminCollectionPage, type LoadedRows } from '../collection/AdminCollectionPage';
import { collectionApi } from '../collection/collectionApi';
import { useCollectionList } from '../collection/collection.queries';
import type { FieldsProps } from '../collection/CollectionEditor';
import { Choices, TextInput, type Choice } from '../form/FormParts';
import { categoryLoss } from '../form/deleteLoss';
import { ruleChoices, ruleNames } from '../rules/ruleLabels';

const api = collectionApi(categoriesCollection);
const rulesApi = collectionApi(rulesCollection);

const isHex = (colour: string) => /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(colour);

const toBody = ({ name, colour, order, ruleRowIds }: AdminCategory): CategoryBody => ({ name, colour, order, ruleRowIds });

/** Swaps a category's order with its neighbour's (`by` -1: the one above); equal orders get distinct ones. */
async function move(category: AdminCategory, by: -1 | 1, { rows, reload }: LoadedRows<AdminCategory>) {
  const index = rows.findIndex((c) => c.rowId === category.rowId);
  const other = rows[index + by];
  if (!other) return;
  try {
    const [mine, theirs] = other.order === category.order ? [category.order + by, category.order] : [other.order, category.order];
    await api.update(category.rowId, { ...toBody(category), order: Math.max(0, mine) });
    await api.update(other.rowId, { ...toBody(other), order: theirs });
    await reload();
  } catch (error) {
    toast.negative(error instanceof Error ? error.message : 'The order could not be changed.');
  }
}

/** Resource categories: name, colour (text colour by SPEC §9's luminosity rule), order and audience. */
export function CategoriesPage() {
  const rules = useCollectionList(rulesApi);
  return (
    <AdminCollectionPage<AdminCategory, CategoryBody>
      page={{
        api,
        names: { one: 'category', One: 'Category', caption: 'Categories', inQuestion: 'category', newHeading: 'New category', exportName: 'categories' },
        intro: 'Categories group the links on Resources, in this order. A category with an audience shows only to users matching one of its rules. A category that still holds links cannot be deleted: move or delete its links first.',
        nameOf: (c) => c.name,
        columns: [
          { key: 'order', header: 'Order', value: (c) => c.order },
          {
            key: 'name', header: 'Name', value: (c) => c.name,
            render: (c) => (<><span className="admin-swatch" style={{ background: c.colour }} aria-hidden="true" />{c.name}</>),
          },
          { key: 'colour', header: 'Colour', value: (c) => c.colour },
          { key: 'rules', header: 'Audience', value: (c) => ruleNames(c.ruleRowIds, rules.value) },
          { key: 'linkCount', header: 'Links', value: (c) => c.linkCount },
        ],
        fields: (props) => <CategoryFields {...props} rules={ruleChoices(rules.value)} />,
        toBody,
        newDraft: (rows) => ({ name: '', colour: '#1e3a8a', order: Math.max(0, ...rows.map((c) => c.order)) + 1, ruleRowIds: [] }),
        loss: categoryLoss,
        order: (rows) => [...rows].sort((a, b) => a.order - b.order || a.name.localeCompare(b.name)),
        rowActions: (category, loaded) => (
          <>
            <button type="button" className="button button--ghost" aria-label={`Move ${category.name} up`} onClick={() => void move(category, -1, loaded)}>
              Up
            </button>
            <button type="button" className="button button--ghost" aria-label={`Move ${category.name} down`} onClick={() => void move(category, 1, loaded)}>
              Down
            </button>
          </>
        ),
      }}
    />
  );
}

function CategoryFields({ draft, set, errors, rules }: FieldsProps<CategoryBody> & { readonly rules: readonly Choice<number>[] }) {
  const colour = isHex(draft.colour) ? draft.colour : '#000000';
  const text = contrastColour(colour);
  return (
    <>
      <div className="admin-editor__grid">
        <TextInput label="Name" value={draft.name} onChange={(name) => set({ name })} isRequired maxLength={100} errors={errors('name')} />
        <TextInput label="Colour" type="color" value={colour} onChange={(value) => set({ colour: value })} />
        <TextInput label="Colour (hex)" value={draft.colour} onChange={(value) => set({ colour: value.trim() })} hint="#rgb or #rrggbb" errors={errors('colour')} />
        <TextInput label="Order" type="number" value={String(draft.order)} onChange={(value) => set({ order: Number.parseInt(value, 10) || 0 })} errors={errors('order')} />
      </div>
      <div className="admin-preview">
        <p className="form-field__label">Tile preview</p>
        <div className="admin-tile" style={{ background: colour, color: text }} data-testid="tile-preview">
          {draft.name || 'Category name'}
        </div>
        <p className="muted">
          Luminosity {relativeLuminosity(colour).toFixed(2)}: {text === '#ffffff' ? 'white' : 'black'} text (white at 0.4 or less).
        </p>
      </div>
      <Choices legend="Audience rules" hint="None chosen: everyone signed in." choices={rules} selected={draft.ruleRowIds} onChange={(ruleRowIds) => set({ ruleRowIds })} errors={errors('ruleRowIds')} />
    </>
  );
}
