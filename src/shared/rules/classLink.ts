/**
 * A link to one class on the timetable, as a notification about it carries: the week holding its
 * day (`?week=` takes any date of the week, here the class's own date in the university's time
 * zone, 'YYYY-MM-DD') and its card's id as the fragment, which the timetable scrolls to and focuses.
 */
export const classAnchorOf = (rowId: number): string => `class-${rowId}`;

export const classPathOf = (rowId: number, day: string): string => `/timetable?week=${day}#${classAnchorOf(rowId)}`;
