import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { SqlExecutor } from '@simsvc/persistence';
import { CATALOG_SQL } from '../catalog-shared.module';

export const OPTIMIZE_INTERVAL_MS = 10_000;

/**
 * SQLite only: merges the FTS5 trigram index of the search vocabulary into one segment after it
 * grew. Each registration that brings new words adds a small segment, and a lookup probes every
 * segment (measured: 0.43 ms fragmented against 0.07 ms merged for 3k words). Merging costs about
 * 30 ms per 100k words and runs only when the vocabulary changed (checked every 10 s, one
 * indexed max()). PostgreSQL's GIN index merges its pending list itself (autovacuum).
 */
@Injectable()
export class SearchIndexMaintainer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SearchIndex');
  private timer?: NodeJS.Timeout;
  private optimizedUpTo = -1;
  private running?: Promise<void>;

  constructor(@Inject(CATALOG_SQL) private readonly sql: SqlExecutor) {}

  onApplicationBootstrap(): void {
    if (this.sql.backend !== 'sqlite') return;
    this.timer = setInterval(() => void this.optimizeIfGrown(), OPTIMIZE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Merges the index when words were added since the last merge; true when it merged. */
  async optimizeIfGrown(): Promise<boolean> {
    if (this.running) return false;
    let merged = false;
    this.running = (async () => {
      try {
        const [{ top }] = await this.sql.query<{ top: number | null }>('SELECT MAX(id) AS top FROM catalog_search_terms');
        const current = top ?? 0;
        if (current === this.optimizedUpTo) return;
        await this.sql.execute(`INSERT INTO catalog_search_terms_fts (catalog_search_terms_fts) VALUES ('optimize')`);
        this.optimizedUpTo = current;
        merged = true;
      } catch (error) {
        this.logger.warn(`search index merge failed: ${(error as Error).message}`);
      }
    })();
    try {
      await this.running;
    } finally {
      this.running = undefined;
    }
    return merged;
  }
}
