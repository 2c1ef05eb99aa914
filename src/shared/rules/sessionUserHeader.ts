/**
 * Every API answer made for a session names its user (the `userId` of user info) in this header.
 * The client stores an answer only in the database of the user it was made for: a tab whose cookies
 * changed under it (a view started or ended in another tab, a reload back online during a view)
 * would otherwise put one identity's data in another's database.
 */
export const sessionUserHeader = 'X-Session-User';

/**
 * Set (to '1') on every API answer to a request whose session cookie names a session that was
 * ended by "sign out of all devices" or by an administrator: the client wipes what it keeps of the
 * user's data on this device and signs out locally. The server keeps the mark until the session
 * would have ended anyway (its absolute expiry).
 */
export const sessionRevokedHeader = 'X-Session-Revoked';
