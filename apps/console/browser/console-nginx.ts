// The built console and the three services of a stack behind docker/nginx.conf's console block.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
// docker/nginx.conf as the cluster test renders it for loopback: the same file serves the console in docker/.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { Nginx } from '../../../tools/cluster/nginx.ts';
import { freePort, REPO_ROOT, type Stack } from './stack';

/** Starts nginx in front of `stack`, runs `visit` with the console's origin, then stops nginx. */
export async function behindConsoleNginx(stack: Stack, visit: (origin: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'simsvc-console-nginx-'));
  const port = (url: string) => Number(new URL(url).port);
  const nginx = new Nginx({
    dir,
    upstreams: { cache: [port(stack.urls.cache)], catalog: [port(stack.urls.catalog)], results: [port(stack.urls.results)] },
    listen: { cache: await freePort(), catalog: await freePort(), results: await freePort() },
    console: { port: await freePort(), root: path.join(REPO_ROOT, 'dist/apps/console') },
  });
  try {
    await nginx.start();
    await visit(`http://127.0.0.1:${nginx.console?.port}`);
  } finally {
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
