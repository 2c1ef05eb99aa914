import { useState } from 'react';
import { readOpen, rememberOpen } from '../../ui/collapsible/rememberedOpen';

/** The device's remembered choice of the wide screen's week grid over the list (issue 34 §1). */
const weekGridKey = 'timetable.weekGrid';

export function useWeekGridChoice(): readonly [boolean, (isGrid: boolean) => void] {
  const [isGrid, setIsGrid] = useState(() => readOpen(globalThis.localStorage, weekGridKey, false));
  const choose = (next: boolean) => {
    setIsGrid(next);
    rememberOpen(globalThis.localStorage, weekGridKey, next);
  };
  return [isGrid, choose] as const;
}

/** 'List' or 'Week grid', on a wide screen: two toggle buttons, the one in use pressed. */
export function LayoutChoice({ isGrid, onChoose }: { readonly isGrid: boolean; readonly onChoose: (isGrid: boolean) => void }) {
  return (
    <div className="layout-choice" role="group" aria-label="Timetable layout">
      <button type="button" className="layout-choice__option" aria-pressed={!isGrid} onClick={() => onChoose(false)}>
        List
      </button>
      <button type="button" className="layout-choice__option" aria-pressed={isGrid} onClick={() => onChoose(true)}>
        Week grid
      </button>
    </div>
  );
}
