/** Session lifetimes are greater than 0 and at most 720 hours (contract §3); the default is 24. */
export const MAX_SESSION_LIFETIME_HOURS = 720;
