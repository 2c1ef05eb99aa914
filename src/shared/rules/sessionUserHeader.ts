/**
 * Every API answer made for a session names its user (the `userId` of user info) in this header.
 * The client stores an answer only in the database of the user it was made for: a tab whose cookies
 * changed under it (a view started or ended in another tab, a reload back online during a view)
 * would otherwise put one identity's data in another's database.
 */
export const sessionUserHeader = 'X-Session-User';
