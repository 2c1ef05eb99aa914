import { describe, expect, it } from 'vitest';
import { isWelcomeWeekFresh, readWelcomeWeek, writeWelcomeWeek } from '../../../../src/app/features/welcomeWeek/welcomeWeekCache';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const minute = 60_000;

describe('the welcome-week cache', () => {
  it('keeps a url under the welcomeWeek key and reads it back', () => {
    const storage = memoryStorage();
    writeWelcomeWeek(storage, 'https://campus.example.ac.uk/welcome', 1000);
    expect([...storage.items.keys()]).toEqual(['welcomeWeek']);
    expect(readWelcomeWeek(storage)).toEqual({ url: 'https://campus.example.ac.uk/welcome', fetchedAt: 1000 });
  });

  it('neither caches nor keeps an answer without a url', () => {
    const storage = memoryStorage();
    writeWelcomeWeek(storage, 'https://campus.example.ac.uk/welcome', 1000);
    expect(writeWelcomeWeek(storage, undefined, 2000)).toBeUndefined();
    expect(writeWelcomeWeek(storage, null, 2000)).toBeUndefined();
    expect(storage.items.size).toBe(0);
    expect(readWelcomeWeek(storage)).toBeUndefined();
  });

  it('is fresh for 120 minutes', () => {
    const cached = { url: 'https://x.example', fetchedAt: 0 };
    expect(isWelcomeWeekFresh(cached, 119 * minute)).toBe(true);
    expect(isWelcomeWeekFresh(cached, 120 * minute)).toBe(false);
    expect(isWelcomeWeekFresh(undefined, 0)).toBe(false);
    expect(isWelcomeWeekFresh(cached, -minute)).toBe(false); // a clock set back
  });

  it('ignores garbage in storage', () => {
    const storage = memoryStorage();
    storage.setItem('welcomeWeek', '{not json');
    expect(readWelcomeWeek(storage)).toBeUndefined();
    storage.setItem('welcomeWeek', JSON.stringify({ url: 42 }));
    expect(readWelcomeWeek(storage)).toBeUndefined();
  });
});
