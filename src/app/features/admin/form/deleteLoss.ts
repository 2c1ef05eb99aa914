import type { AdGroup, AdminCategory, AdminLink, AudienceRule } from '../../../../shared/contract/adminAudience';
import { countOf } from '../../../format/count';
import type { Loss } from './DeleteDialog';

/*
 * What deleting an admin record loses (issue 31 §6), in words, from counts read when the
 * confirmation opens. A record the server would refuse to delete (409) says what to do first.
 */

/** A link: the users who have it as a favourite lose it, and its open counts go with it. */
export function linkLoss(link: Pick<AdminLink, 'favouriteCount'>): Loss {
  const n = link.favouriteCount;
  const favourites = n === 0 ? 'No one has it as a favourite.' : `${countOf(n, 'user has', 'users have')} it as a favourite and will lose it.`;
  return { text: `${favourites} Its open counts are deleted with it.` };
}

/** A category: only an empty one can go (its links would have nowhere to be). */
export function categoryLoss(category: Pick<AdminCategory, 'linkCount'>): Loss {
  if (category.linkCount > 0) {
    return { text: `It still holds ${countOf(category.linkCount, 'link', 'links')}. Move them to another category or delete them first.`, isBlocked: true };
  }
  return { text: 'It holds no links. Its name, colour and audience are lost.' };
}

/** A rule: not while it targets links or categories (they would show to everyone); else its audience goes. */
export function ruleLoss(rule: Pick<AudienceRule, 'linkCount' | 'categoryCount'>, members: number): Loss {
  if (rule.linkCount + rule.categoryCount > 0) {
    return {
      text: `It still targets ${countOf(rule.linkCount, 'link', 'links')} and ${countOf(rule.categoryCount, 'category', 'categories')}; without it they would show to everyone. Take it off them first, or switch it off.`,
      isBlocked: true,
    };
  }
  return { text: `Its audience of ${countOf(members, 'user', 'users')} is lost: it can no longer be chosen for links, categories or notifications.` };
}

/** A directory group: not while a rule names it; else its members lose its roles and flags. */
export function groupLoss(group: Pick<AdGroup, 'ruleCount' | 'memberCount'>): Loss {
  if (group.ruleCount > 0) {
    return { text: `${countOf(group.ruleCount, 'rule names', 'rules name')} it. Take it out of them first.`, isBlocked: true };
  }
  if (group.memberCount === 0) return { text: 'It has no members. The roles and permissions it grants are lost.' };
  const members = countOf(group.memberCount, 'member', 'members');
  return {
    text: `Its ${members} ${group.memberCount === 1 ? 'loses' : 'lose'} the roles and permissions it grants from their next request, and the memberships are forgotten until they sign in again.`,
  };
}
