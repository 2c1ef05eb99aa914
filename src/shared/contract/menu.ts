import { z } from './zod';
import { roleSchema } from './common';
import { capabilityNames } from './route';

/** SPEC §3 tour step: the element it attaches to and its id. */
export const tourStepSchema = z.object({
  id: z.string(),
  attachTo: z.object({
    element: z.string(),
    on: z.optional(z.enum(['top', 'bottom', 'left', 'right', 'auto'])),
  }),
});
export type TourStep = z.infer<typeof tourStepSchema>;

/** Tour steps stored per key (home, timetable, attendance, resources, settings, admin). */
export const tourStepsSchema = z.record(z.string(), tourStepSchema);
export type TourSteps = z.infer<typeof tourStepsSchema>;

/** SPEC §3 menu link, built from route metadata. Entries without an order sort last. */
export const menuLinkSchema = z.object({
  icon: z.string(),
  label: z.string(),
  link: z.string(),
  routeName: z.string(),
  color: z.string(),
  showOnMobile: z.boolean(),
  showOnDesktop: z.boolean(),
  order: z.optional(z.int()),
  tourStepOptions: z.optional(tourStepSchema),
  /** From the route metadata; empty means every signed-in user. */
  allowedRoles: z._default(z.array(roleSchema), []),
  /** A capability the user must also hold (e.g. `absenceReviewer`); none: roles alone decide. */
  requiredCapability: z.optional(z.enum(capabilityNames)),
});
export type MenuLink = z.infer<typeof menuLinkSchema>;
