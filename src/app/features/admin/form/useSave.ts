import { useState } from 'react';
import { toast } from '../../../ui/toast/toastStore';

export interface Save {
  readonly isSaving: boolean;
  readonly error: unknown;
  /** Runs a write; on success says `done` and returns true, on failure keeps the error (and the form). */
  run(write: () => Promise<unknown>, done: string): Promise<boolean>;
  clear(): void;
}

export function useSave(): Save {
  const [isSaving, setIsSaving] = useState(false);
  const [error, setError] = useState<unknown>();
  return {
    isSaving,
    error,
    async run(write, done) {
      setIsSaving(true);
      setError(undefined);
      try {
        await write();
        toast.positive(done);
        return true;
      } catch (caught) {
        setError(caught);
        return false;
      } finally {
        setIsSaving(false);
      }
    },
    clear: () => setError(undefined),
  };
}
