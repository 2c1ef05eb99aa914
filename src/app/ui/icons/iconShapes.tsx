import type { ReactElement } from 'react';

/**
 * Our icon set: simple 24×24 line drawings, stroked with the current text colour. Drawn for this
 * app (no icon font, no CDN), so they work offline and follow the theme.
 */
export const iconShapes = {
  home: (
    <>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5.5 9v11.5h4.75V15h3.5v5.5h4.75V9" />
    </>
  ),
  timetable: (
    <>
      <rect x="3" y="4.5" width="18" height="16.5" rx="2.5" />
      <path d="M3 9.5h18M8 2.5v4M16 2.5v4M7.5 13.5h3M13.5 13.5h3M7.5 17h3" />
    </>
  ),
  attendance: (
    <>
      <rect x="4.5" y="4" width="15" height="17.5" rx="2.5" />
      <path d="M9 2.5h6v3H9zM8.5 13.5l2.5 2.5 4.5-5" />
    </>
  ),
  resources: (
    <>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.75" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1.75" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.75" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1.75" />
    </>
  ),
  admin: (
    <>
      <path d="M12 2.75 4.5 5.75v5.75c0 4.6 3.2 8.4 7.5 9.75 4.3-1.35 7.5-5.15 7.5-9.75V5.75z" />
      <path d="m9 12 2.25 2.25L15.5 10" />
    </>
  ),
  settings: (
    <>
      <path d="M4 6.5h9M18 6.5h2M4 12h3M11 12h9M4 17.5h11M19 17.5h1" />
      <circle cx="15.5" cy="6.5" r="2.25" />
      <circle cx="8.75" cy="12" r="2.25" />
      <circle cx="17" cy="17.5" r="2.25" />
    </>
  ),
  bell: (
    <>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.75 2H4.25z" />
      <path d="M10 20.75a2.1 2.1 0 0 0 4 0" />
    </>
  ),
  user: (
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5a7.5 7.5 0 0 1 15 0" />
    </>
  ),
  signOut: (
    <>
      <path d="M10 4H6.5A2.5 2.5 0 0 0 4 6.5v11A2.5 2.5 0 0 0 6.5 20H10" />
      <path d="m15.5 16.5 4.5-4.5-4.5-4.5M20 12H9.5" />
    </>
  ),
  chevronLeft: <path d="m14.5 18-6-6 6-6" />,
  chevronRight: <path d="m9.5 18 6-6-6-6" />,
  close: <path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />,
  check: <path d="m5 12.5 4.5 4.5L19 7.5" />,
  alert: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </>
  ),
  info: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v5.5M12 7.5v.01" />
    </>
  ),
  appearance: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 0 0 18z" fill="currentColor" />
    </>
  ),
  lock: (
    <>
      <rect x="4.5" y="10.5" width="15" height="10.5" rx="2.5" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </>
  ),
  accessibility: (
    <>
      <circle cx="12" cy="4.5" r="1.75" />
      <path d="M5 8.5 12 10l7-1.5M12 10v4.5M12 14.5 9 21M12 14.5l3 6.5" />
    </>
  ),
  document: (
    <>
      <path d="M6.5 3h7.5l4.5 4.5v12A1.5 1.5 0 0 1 17 21H6.5A1.5 1.5 0 0 1 5 19.5v-15A1.5 1.5 0 0 1 6.5 3z" />
      <path d="M13.5 3v5h5M8.5 13h7M8.5 16.5h7" />
    </>
  ),
  feedback: <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9.5a1.5 1.5 0 0 1-1.5 1.5H9.5L4 20.5z" />,
  star: <path d="m12 3.5 2.6 5.4 5.9.8-4.3 4.1 1.05 5.85L12 16.8l-5.25 2.85L7.8 13.8 3.5 9.7l5.9-.8z" />,
  mapPin: (
    <>
      <path d="M12 21s-6.5-5.9-6.5-11.25a6.5 6.5 0 0 1 13 0C18.5 15.1 12 21 12 21z" />
      <circle cx="12" cy="9.75" r="2.25" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  trend: <path d="M3.5 17 9 11.5l3.5 3.5 8-8M15 7h5.5v5.5" />,
} satisfies Record<string, ReactElement>;

export type IconName = keyof typeof iconShapes;
