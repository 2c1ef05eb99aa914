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

/** A GET route's answer, fetched on mount and on demand; never cached (admin pages are online only). */
export function useAdminValue<const D extends RouteDescriptor>(route: D): AdminValue<ResponseOf<D>> {
  const [value, setValue] = useState<ResponseOf<D>>();
  const [error, setError] = useState<ApiError>();
  const fetchValue = useCallback(async () => {
    try {
      const answer = (await (callApi as (r: RouteDescriptor) => Promise<unknown>)(route)) as ResponseOf<D>;
      return () => {
        setValue(answer);
        setError(undefined);
      };
    } catch (caught) {
      return () => setError(caught instanceof ApiError ? caught : ApiError.network(caught));
    }
  }, [route]);
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
