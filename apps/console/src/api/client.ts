import { createSimsvcClient } from '@simsvc/client';

/** The console talks to the three services through its own origin (npm start's server, or nginx). */
export const api = createSimsvcClient({
  cacheUrl: '/api/cache',
  catalogUrl: '/api/catalog',
  resultsUrl: '/api/results',
});

export type SimsvcClient = typeof api;
