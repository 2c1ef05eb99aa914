import { useSyncExternalStore } from 'react';
import type { SignedInUserInfo } from '../../../shared/contract/user';
import { getActiveUser, subscribeActiveUser } from '../../db/activeUser';

/** Who is viewing, and until when, in an administrator's read-only view-as session (issue 17). */
export type ViewAsInfo = NonNullable<SignedInUserInfo['viewAs']>;

/**
 * The one signal every side effect checks: true while the active user is one an administrator
 * views as. Analytics, the feedback prompt, the first-run banners, the session extension, push
 * registration and the outbox all stay off while it holds. Free of Dexie, like `activeUser.ts`.
 */
export function isViewingAs(): boolean {
  return getActiveUser()?.viewAs !== undefined;
}

/** The view-as details of the active user, or undefined outside a view-as session. */
export function currentViewAs(): ViewAsInfo | undefined {
  return getActiveUser()?.viewAs;
}

/** `isViewingAs` in a component, re-rendering when the active user changes. */
export function useIsViewingAs(): boolean {
  return useSyncExternalStore(subscribeActiveUser, isViewingAs, isViewingAs);
}

/** "Read only while viewing as {name}", the explanation beside a disabled write control. */
export function readOnlyExplanation(viewedName: string): string {
  return `Read only while viewing as ${viewedName}`;
}
