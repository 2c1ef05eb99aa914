import { redirect } from 'react-router';
import type { Capability, Role } from '../../shared/contract/route';
import type { SignedInUserInfo } from '../../shared/contract/user';
import { isAnonymousVisitor } from '../features/session/anonymousVisitor';
import { loadCurrentUser } from './currentUserLoader';
import { capabilitiesOf, hasCapability, isAllowed } from './menu';
import { isWideScreen } from './media';
import { paths } from './paths';
import { landingFor, returnPathOf } from './returnTo';

/** What the guards read of the navigation: its URL, to come back to it after sign-in. */
interface GuardArgs {
  readonly request: Pick<Request, 'url'>;
}

/** The id of the route whose loader data is the signed-in user. */
export const sessionRouteId = 'session';

/** `/`: home when signed in, otherwise the landing page. */
export async function rootLoader(): Promise<Response> {
  if (await isAnonymousVisitor()) return redirect(paths.landing);
  const user = await loadCurrentUser();
  return redirect(user ? paths.home : paths.landing);
}

/** `/landing` needs no sign-in; a signed-in user is sent home, or to its `returnTo` on this site. */
export async function landingLoader(args?: GuardArgs): Promise<Response | null> {
  if (await isAnonymousVisitor()) return null;
  const user = await loadCurrentUser();
  if (!user) return null;
  return redirect(args ? returnPathOf(args.request.url) : paths.home);
}

/** Every protected route sits under this one: anonymous visitors go to the landing page, which remembers the path. */
export async function sessionLoader(args?: GuardArgs): Promise<SignedInUserInfo> {
  const user = await loadCurrentUser();
  if (!user) throw redirect(landingFor(args?.request.url));
  return user;
}

/** For routes limited to some roles (SPEC §6): a user without any of them sees the unauthorized page. */
export function requireRoles(roles: readonly Role[], capability?: Capability) {
  return async (args?: GuardArgs): Promise<null> => {
    const user = await loadCurrentUser();
    if (!user) throw redirect(landingFor(args?.request.url));
    if (!isAllowed(roles, user.userRoles)) throw redirect(paths.unauthorized);
    if (!hasCapability(capability, capabilitiesOf(user))) throw redirect(paths.unauthorized);
    return null;
  };
}

/** `/user/settings` is the section list on phones; wide screens open the first section instead. */
export function settingsIndexLoader(): Response | null {
  return isWideScreen() ? redirect(paths.settingsNotifications) : null;
}
