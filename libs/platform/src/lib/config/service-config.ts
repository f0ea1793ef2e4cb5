import { AuthConfig } from '@simsvc/auth';
import { DatabaseConfig } from '@simsvc/persistence';
import type { StreamedBodyRoute } from '../http/json-body.middleware';

export type ServiceName = 'cache' | 'catalog' | 'results';

export interface ServiceConfig<TExtra = Record<string, unknown>> {
  service: ServiceName;
  host: string;
  port: number;
  database: DatabaseConfig;
  auth: AuthConfig;
  logLevel: string;
  /** Proxies whose X-Forwarded-For names the client (express `trust proxy` entries); empty: none. */
  trustedProxies: string[];
  /** Where JSON log lines go: standard output unless set (tests collect them here). */
  logDestination?: { write(line: string): void };
  /** Routes that read their own body as a stream in some media types (json-body.middleware.ts). */
  streamedBodies?: readonly StreamedBodyRoute[];
  /** Options that only one service has (e.g. the cache's default TTL). */
  extra: TExtra;
}
