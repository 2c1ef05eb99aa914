/** A native checkbox with the switch role: on/off, Space toggles, the label names it. */
export function CategoryViewSwitch({ isOn, onChange }: { readonly isOn: boolean; readonly onChange: (isOn: boolean) => void }) {
  return (
    <label className="preference-switch">
      <input type="checkbox" role="switch" checked={isOn} onChange={(event) => onChange(event.currentTarget.checked)} />
      Show resources grouped by category
    </label>
  );
}
