/**
 * Sent by a page that believes it is viewing as someone (issue 17) with every write it lets out.
 * The server refuses such a write unless the session really is a view: a tab still showing a view
 * that was stopped in another tab, or that lapsed, holds the administrator's own cookies by then,
 * and its write must not run as the administrator.
 */
export const viewingAsHeader = 'X-Viewing-As';

export const staleViewMessage = 'This page was viewing as another user, and that view has ended. Reload the page to continue as yourself.';
