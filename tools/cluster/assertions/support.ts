// What every assertion shares: its failure type, a problem collector, and request bodies.

import crypto from 'node:crypto';
import type { HttpResult } from '../http.ts';
import type { Nginx } from '../nginx.ts';
import type { Topology } from '../topology.ts';

export interface AssertionContext {
  topology: Topology;
  /** The nginx in front of every replica. */
  nginx: Nginx;
  /** An admin session. */
  token: string;
  log: (line: string) => void;
}

/** One numbered assertion of the cluster test: `run` resolves to its figures line or throws. */
export interface Assertion {
  title: string;
  /** Services it cannot run without. */
  needs: string[];
  run(context: AssertionContext): Promise<string>;
}

export class AssertionFailure extends Error {
  readonly figures: string;
  readonly problems: string[];

  constructor(figures: string, problems: string[]) {
    super(`${figures}\n      ${problems.join('\n      ')}`);
    this.figures = figures;
    this.problems = problems;
  }
}

/** Collects problems; `done(figures)` returns the figures line or throws with every problem. */
export interface Checker {
  /** Records `problem` unless `condition` holds; returns the condition. */
  check(condition: boolean, problem: string): boolean;
  fail(problem: string): void;
  readonly failed: boolean;
  done(figures: string): string;
}

export function checker(): Checker {
  const problems: string[] = [];
  return {
    check(condition, problem) {
      if (!condition) problems.push(problem);
      return condition;
    },
    fail(problem) {
      problems.push(problem);
    },
    get failed() {
      return problems.length > 0;
    },
    done(figures) {
      if (problems.length > 0) throw new AssertionFailure(figures, problems);
      return figures;
    },
  };
}

export function uniqueId(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
}

export interface CacheEntryBody {
  cache_key: string;
  simulation_id: number;
  simulation_name: string;
  simulation_version: string;
  execution_id: string;
  squid_id: string;
  input_hash: string;
  run_db_path: string;
}

/** A POST /cache body (contract §4). */
export function cacheEntry(cacheKey: string, n = 0): CacheEntryBody {
  return {
    cache_key: cacheKey,
    simulation_id: 1 + (n % 1000),
    simulation_name: 'cluster-sim',
    simulation_version: '1.0.0',
    execution_id: `exec-${cacheKey}`.slice(0, 128),
    squid_id: `squid-${n}`,
    input_hash: crypto.createHash('sha256').update(cacheKey).digest('hex'),
    run_db_path: `/runs/${n}.db`,
  };
}

/** "200×1998 503×2" */
export function formatCounts(counts: Record<string, number>): string {
  return (
    Object.entries(counts)
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([key, count]) => `${key}×${count}`)
      .join(' ') || 'none'
  );
}

export function statusOf(response: Pick<HttpResult<unknown>, 'status' | 'error'>): string {
  return response.status === 0 ? `err:${response.error}` : String(response.status);
}

export { setTimeout as sleep } from 'node:timers/promises';
