/** Absence rules shared by the dialog and the server (SPEC §4, §5). */
export * from './dates';
export * from './messages';
export * from './status';
export * from './validation';
export * from './decisions';
export * from './overlap';
