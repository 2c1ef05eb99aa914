/** Runs `task` while holding the named lock; tasks under the same name never overlap. */
export type NamedLock = <T>(name: string, task: () => Promise<T>) => Promise<T>;

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

const tails = new Map<string, Promise<unknown>>();

/** Serialises tasks within this JavaScript context only. */
export const inProcessLock: NamedLock = (name, task) => {
  const previous = tails.get(name) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.catch(() => undefined);
  tails.set(name, tail);
  void tail.then(() => {
    if (tails.get(name) === tail) tails.delete(name);
  });
  return run;
};

/**
 * The Web Locks API where there is one (windows and service workers share it, so a page and the
 * worker never flush the same queue at once), else the in-process lock.
 */
export const defaultLock: NamedLock = (name, task) => {
  const locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks;
  return locks ? locks.request(name, task) : inProcessLock(name, task);
};
