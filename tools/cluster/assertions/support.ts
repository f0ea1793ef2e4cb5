'use strict';
// What every assertion shares: its failure type, a problem collector, and request bodies.

const crypto = require('node:crypto');

class AssertionFailure extends Error {
  constructor(figures, problems) {
    super(`${figures}\n      ${problems.join('\n      ')}`);
    this.figures = figures;
    this.problems = problems;
  }
}

/** Collects problems; `done(figures)` returns the figures line or throws with every problem. */
function checker() {
  const problems = [];
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

function uniqueId(prefix) {
  return `${prefix}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`;
}

/** A POST /cache body (contract §4). */
function cacheEntry(cacheKey, n = 0) {
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
function formatCounts(counts) {
  return (
    Object.entries(counts)
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([key, count]) => `${key}×${count}`)
      .join(' ') || 'none'
  );
}

function statusOf(response) {
  return response.status === 0 ? `err:${response.error}` : String(response.status);
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

module.exports = { AssertionFailure, checker, uniqueId, cacheEntry, formatCounts, statusOf, sleep };
