/** Field keys the client and server share for errors that belong to no single form field. */
export const errorKeys = {
  network: 'network',
  dateRange: 'dateRange',
  networkConnection: 'NetworkConnection',
} as const;
