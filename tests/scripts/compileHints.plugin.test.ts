import { describe, expect, it } from 'vitest';
import { firstPaintFiles } from '../../scripts/compileHints.plugin';

const chunk = (name: string, imports: readonly string[] = [], isEntry = false) => ({ name, isEntry, imports: [...imports] });

describe('the chunks that carry the compile hint (issue 35)', () => {
  const files = firstPaintFiles({
    'index.js': chunk('index', ['react.js', 'router.js'], true),
    'react.js': chunk('react'),
    'router.js': chunk('router', ['react.js']),
    'signed-in.js': chunk('signed-in', ['react.js', 'dexie.js']),
    'dexie.js': chunk('dexie'),
    'home.js': chunk('home', ['signed-in.js']),
    'timetable.js': chunk('timetable', ['signed-in.js']),
    'AdminPage.js': chunk('AdminPage', ['adminTable.js']),
    'adminTable.js': chunk('adminTable', ['react.js']),
    'SessionDialog.js': chunk('SessionDialog', ['react.js']),
  });

  it('are the entry, the first paint’s named chunks, and what they import', () => {
    expect([...files].sort()).toEqual(['dexie.js', 'home.js', 'index.js', 'react.js', 'router.js', 'signed-in.js', 'timetable.js']);
  });

  it('leave out lazy chunks and what only they import', () => {
    expect(files.has('AdminPage.js')).toBe(false);
    expect(files.has('adminTable.js')).toBe(false);
    expect(files.has('SessionDialog.js')).toBe(false);
  });
});
