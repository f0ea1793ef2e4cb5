// The console's part of `npm test`: its component tests (Vitest), then its browser tests in
// Debian's chromium. Without chromium the browser tests are left out with one line saying so;
// CI sets SIMSVC_TEST_REQUIRE_BROWSER=1, which turns that into a failure.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env['SIMSVC_CHROMIUM'] ?? '/usr/bin/chromium';

function vitest(config: string): number {
  return spawnSync('npx', ['vitest', 'run', '-c', config], { stdio: 'inherit' }).status ?? 1;
}

function main(): number {
  const components = vitest('apps/console/vite.config.mts');
  if (components !== 0) return components;
  if (existsSync(CHROMIUM)) return vitest('apps/console/vitest.browser.config.mts');
  if (process.env['SIMSVC_TEST_REQUIRE_BROWSER'] === '1') {
    console.error(`console browser tests: no chromium at ${CHROMIUM}, and SIMSVC_TEST_REQUIRE_BROWSER=1 requires them`);
    return 1;
  }
  console.log(`console browser tests left out: no chromium at ${CHROMIUM} (apt-get install chromium, or set SIMSVC_CHROMIUM)`);
  return 0;
}

process.exit(main());
