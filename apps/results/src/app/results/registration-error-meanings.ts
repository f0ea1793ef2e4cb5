/**
 * What the errors a run database's registration shares mean (POST /register and POST /runs):
 * the same registration, and the same readers of run databases.
 */
export const RUN_DATABASE_REGISTRATION_ERRORS = {
  409: 'registered concurrently by another request',
  429: 'too many run databases being read for the address at once; Retry-After',
  503: 'database unavailable, or no run database reader free within the read deadline (Retry-After)',
} as const;
