// Where the built services live, and a clear failure when one has not been built.

import fs from 'node:fs';
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const SERVICES = ['cache', 'catalog', 'results'] as const;
export type Service = (typeof SERVICES)[number];
export const DEFAULT_PORTS: Record<Service, number> = { cache: 8001, catalog: 8002, results: 8003 };
export const BUILD_COMMAND = 'NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build -p cache catalog results';

export function isService(name: string): name is Service {
  return (SERVICES as readonly string[]).includes(name);
}

export function distMain(service: string): string {
  return path.join(REPO_ROOT, 'dist', 'apps', service, 'main.js');
}

/** Throws one message naming every service whose bundle is missing. */
export function requireBuilt(services: readonly string[]): void {
  const missing = services.filter((service) => !fs.existsSync(distMain(service)));
  if (missing.length > 0) {
    const files = missing.map((service) => path.relative(REPO_ROOT, distMain(service))).join(', ');
    throw new Error(`not built: ${files} missing. This test builds nothing; run \`${BUILD_COMMAND}\` first.`);
  }
}
