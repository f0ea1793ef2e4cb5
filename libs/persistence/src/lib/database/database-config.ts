export type Backend = 'sqlite' | 'postgresql';

export interface DatabaseConfig {
  backend: Backend;
  /** File of the sqlite backend. */
  path: string;
  /** Connection URL of the postgresql backend. */
  url?: string;
  /** How long start-up waits for an unreachable server before giving up (default 30). */
  startupTimeoutSeconds?: number;
}
