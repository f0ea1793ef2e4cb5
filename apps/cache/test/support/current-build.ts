import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(__dirname, '../../../..');

const { staleServices } = require(join(REPO_ROOT, 'tools/start/build-freshness.ts')) as {
  staleServices: (services: string[]) => { reason: string }[];
};

/**
 * Tests that run the built services must not test other code than the sources: `npm test` builds
 * what is stale before jest starts; a test run by hand on a stale dist/ fails here, saying so.
 */
export function requireCurrentBuild(services: string[]): void {
  const stale = staleServices(services);
  if (stale.length > 0) throw new Error(`dist/ is not current (${stale.map((s) => s.reason).join('; ')}): run npm run build first`);
}
