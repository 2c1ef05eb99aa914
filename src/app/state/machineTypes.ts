/**
 * The `types` of XState v5's `setup({ types })`: XState reads only their types, never their values
 * (https://stately.ai/docs/typescript). `machineTypes<{ input: I; context: C; events: E }>()` names
 * them in one place instead of a `{} as T` for each member of each machine.
 */
export function machineTypes<T extends object>(): T {
  // The one cast: an empty value that stands for types XState never reads at run time.
  return {} as T;
}
