/** Named client routes (SPEC §2). Pages link by name, so a path changes in one place. */
export const paths = {
  home: '/home',
  landing: '/landing',
  unauthorized: '/unauthorized',
} as const;

export type RouteName = keyof typeof paths;

/** Server endpoints reached by a full page navigation, never by fetch. */
export const serverPages = {
  signIn: '/api/user/signin',
  signOut: '/api/user/signout',
} as const;
