import { useRouteLoaderData } from 'react-router';
import type { SignedInUserInfo } from '../../../shared/contract/user';
import { sessionRouteId } from '../../routing/loaders';

/** The signed-in user, for components rendered below the protected session route. */
export function useSignedInUser(): SignedInUserInfo {
  const user = useRouteLoaderData<SignedInUserInfo>(sessionRouteId);
  if (!user) throw new Error('useSignedInUser is only available below the session route');
  return user;
}
