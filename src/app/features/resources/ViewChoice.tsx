/** Category or A–Z view: a native radio pair (arrow keys move and choose). */
export function ViewChoice({ isCategoryView, onChange }: { readonly isCategoryView: boolean; readonly onChange: (isCategoryView: boolean) => void }) {
  return (
    <fieldset className="view-choice">
      <legend className="visually-hidden">Show links</legend>
      <label className="view-choice__option">
        <input type="radio" name="resource-view" checked={isCategoryView} onChange={() => onChange(true)} />
        By category
      </label>
      <label className="view-choice__option">
        <input type="radio" name="resource-view" checked={!isCategoryView} onChange={() => onChange(false)} />
        A to Z
      </label>
    </fieldset>
  );
}
