/**
 * Local storage key of the id of the first visit to the app on this device (installVisits.ts);
 * kept at sign-out, since it describes the device, not the user. On its own, so that sign-out's
 * list of kept keys does not bring the visit count into the first paint.
 */
export const firstVisitKey = 'cc.firstVisit';
