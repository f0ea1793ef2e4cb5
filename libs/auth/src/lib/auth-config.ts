import { DatabaseConfig } from '@simsvc/persistence';

export interface AdminBootstrap {
  username: string;
  password: string;
  email?: string;
}

export interface AuthConfig {
  /** False with `--no-auth`: every request acts with every privilege. */
  enabled: boolean;
  /** Where users and sessions live; shared by every service that should accept the same sessions. */
  store: DatabaseConfig;
  /** Signing secret; when absent it is generated once and kept in the auth store. */
  secret?: string;
  allowAnonymous: boolean;
  /** Longest life of an anonymous session from its creation, refreshes included (--anonymous-max-lifetime-hours). */
  anonymousMaxLifetimeHours: number;
  admin?: AdminBootstrap;
  /** scrypt cost of new hashes when not SCRYPT_PARAMS; set only by the e2e test harness, never by an option. */
  passwordCost?: { N: number; r: number; p: number };
}
