/** A mistake in the command line or its local inputs (a missing file, a bad --where): exit status 2. */
export class UsageError extends Error {}
