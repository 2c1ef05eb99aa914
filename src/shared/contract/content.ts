import { z } from './zod';
import { webUrl } from './common';
import { defineRoute } from './route';

/** SPEC §3 welcome week content. A missing url means the link is neither cached nor shown. */
export const welcomeWeekSchema = z.object({ url: z.nullish(webUrl) });
export type WelcomeWeek = z.infer<typeof welcomeWeekSchema>;

/** The client keeps the answer in local storage under this key. */
export const welcomeWeekStorageKey = 'welcomeWeek';

export const welcomeWeekRoute = defineRoute({
  id: 'content.welcomeWeek',
  method: 'GET',
  path: '/api/content/welcomeweek',
  response: welcomeWeekSchema,
  roles: [],
});

/** What the Request Support dialog shows before sending: where to get urgent help (SUPPORT_URGENT_TEXT). */
export const supportContentSchema = z.object({ urgentHelp: z.string() });
export type SupportContent = z.infer<typeof supportContentSchema>;

export const supportContentRoute = defineRoute({
  id: 'content.support',
  method: 'GET',
  path: '/api/content/support',
  response: supportContentSchema,
  roles: [],
});

export const contentRoutes = [welcomeWeekRoute, supportContentRoute] as const;
