import type { MenuLink } from '../../shared/contract/menu';
import type { Capability, Role } from '../../shared/contract/route';
import type { SignedInUserInfo } from '../../shared/contract/user';
import { paths } from './paths';
import { menuEntryId, sections, type MenuIconName, type SectionKey, type SectionMeta } from './routeMeta';

/** A menu link of SPEC §3, plus the section it opens and the id its tour step attaches to. */
export interface MenuEntry extends MenuLink {
  readonly key: SectionKey;
  readonly id: string;
  readonly icon: MenuIconName;
}

function toMenuEntry(key: SectionKey, section: SectionMeta): MenuEntry {
  return {
    key,
    id: menuEntryId(key),
    icon: section.icon,
    label: section.label,
    link: paths[section.routeName],
    routeName: section.routeName,
    color: section.color,
    showOnMobile: section.showOnMobile,
    showOnDesktop: section.showOnDesktop,
    order: section.order,
    tourStepOptions: section.tourStepOptions,
    allowedRoles: [...section.allowedRoles],
    ...(section.requiredCapability ? { requiredCapability: section.requiredCapability } : {}),
  };
}

/** Every menu link, built from the route metadata. */
export function allMenuEntries(): MenuEntry[] {
  return (Object.entries(sections) as [SectionKey, SectionMeta][]).map(([key, section]) => toMenuEntry(key, section));
}

/** An entry with allowed roles shows only to users holding one of them; an empty list shows to all. */
export function isAllowed(allowedRoles: readonly Role[], userRoles: readonly Role[]): boolean {
  return allowedRoles.length === 0 || allowedRoles.some((role) => userRoles.includes(role));
}

/** The capabilities user info grants (see `capabilityNames` in the contract). */
export function capabilitiesOf(user: Pick<SignedInUserInfo, 'isAbsenceReviewer' | 'isStudentSupport'>): Capability[] {
  const held: Capability[] = [];
  if (user.isAbsenceReviewer) held.push('absenceReviewer');
  if (user.isStudentSupport) held.push('studentSupport');
  return held;
}

/** True when no capability is required, or the user holds it. */
export function hasCapability(required: Capability | undefined, userCapabilities: readonly Capability[]): boolean {
  return required === undefined || userCapabilities.includes(required);
}

/** Ascending by order; entries without an order come last, in their original order. */
export function compareMenuOrder(a: Pick<MenuLink, 'order'>, b: Pick<MenuLink, 'order'>): number {
  return (a.order ?? Number.POSITIVE_INFINITY) - (b.order ?? Number.POSITIVE_INFINITY) || 0;
}

/** The entries a user may see, in menu order (SPEC §2 "Menu"). */
export function visibleMenuEntries<T extends Pick<MenuLink, 'order' | 'allowedRoles' | 'requiredCapability'>>(
  entries: readonly T[],
  userRoles: readonly Role[],
  userCapabilities: readonly Capability[] = [],
): T[] {
  return entries
    .filter((entry) => isAllowed(entry.allowedRoles, userRoles) && hasCapability(entry.requiredCapability, userCapabilities))
    .sort(compareMenuOrder);
}
