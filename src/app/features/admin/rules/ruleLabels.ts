import type { Role } from '../../../../shared/contract/route';

/** SPEC §3 study level codes with their names. */
export const studyLevelLabels: Record<number, string> = {
  0: 'Foundation',
  1: 'Undergraduate Year 1',
  2: 'Undergraduate Year 2',
  3: 'Undergraduate Year 3',
  7: "Master's",
  8: 'Doctor',
};

export const roleLabels: Record<Role, string> = {
  Student: 'Student',
  TeachingStaff: 'Teaching staff',
  Administrator: 'Administrator',
};

/** Names of the rules with these ids, in the order given; 'Everyone signed in' for none. */
export function ruleNames(ids: readonly number[], rules: readonly { rowId: number; name: string }[] | undefined): string[] {
  if (ids.length === 0) return ['Everyone signed in'];
  return ids.map((id) => rules?.find((r) => r.rowId === id)?.name ?? `Rule ${id}`);
}

/** Rules to choose as an audience: an inactive one says so. */
export function ruleChoices(rules: readonly { rowId: number; name: string; isActive: boolean }[] | undefined): { value: number; label: string }[] {
  return (rules ?? []).map((r) => ({ value: r.rowId, label: r.isActive ? r.name : `${r.name} (off)` }));
}
