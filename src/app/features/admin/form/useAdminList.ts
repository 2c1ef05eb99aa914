import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../api/ApiError';
import { callApi, type ResponseOf } from '../../../api/client';
import type { RouteDescriptor } from '../../../../shared/contract/route';

export interface AdminValue<T> {
  readonly value: T | undefined;
  readonly error: ApiError | undefined;
  reload(): Promise<void>;
}

type Item<D> = ResponseOf<D> extends readonly (infer T)[] ? T : never;

/** What `load` answers, fetched on mount and on demand; never cached (admin pages are online only). `load` must be stable. */
export function useAdminLoad<T>(load: () => Promise<T>): AdminValue<T> {
  const [value, setValue] = useState<T>();
  const [error, setError] = useState<ApiError>();
  const fetchValue = useCallback(async () => {
    try {
      const answer = await load();
      return () => {
        setValue(answer);
        setError(undefined);
      };
    } catch (caught) {
      return () => setError(caught instanceof ApiError ? caught : ApiError.network(caught));
    }
  }, [load]);
  useEffect(() => {
    let isCurrent = true;
    void fetchValue().then((apply) => {
      if (isCurrent) apply();
    });
    return () => {
      isCurrent = false;
    };
  }, [fetchValue]);
  const reload = useCallback(async () => (await fetchValue())(), [fetchValue]);
  return { value, error, reload };
}

/** A GET route's answer (see useAdminLoad). */
export function useAdminValue<const D extends RouteDescriptor>(route: D): AdminValue<ResponseOf<D>> {
  const load = useCallback(async () => (await (callApi as (r: RouteDescriptor) => Promise<unknown>)(route)) as ResponseOf<D>, [route]);
  return useAdminLoad(load);
}

export interface AdminList<T> {
  readonly items: readonly T[] | undefined;
  readonly error: ApiError | undefined;
  reload(): Promise<void>;
}

/** A list route's items (see useAdminValue). */
export function useAdminList<const D extends RouteDescriptor>(route: D): AdminList<Item<D>> {
  const { value, error, reload } = useAdminValue(route);
  return { items: value as readonly Item<D>[] | undefined, error, reload };
}
