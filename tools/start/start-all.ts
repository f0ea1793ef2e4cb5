#!/usr/bin/env node
// npm start — cache (8001), catalog (8002) and results (8003) in one command, on their defaults
// (sqlite, data in ./data). Builds first when dist/ is missing or older than the sources.
// Extra arguments go to every service (`npm start -- --log-level debug`), except `--access-log`,
// which prints the services' request lines (left out otherwise); the environment is
// passed through (SIMSVC_*; SIMSVC_ADMIN_USERNAME/PASSWORD create a first admin). The services
// listen on 127.0.0.1 and trust loopback's X-Forwarded-For (the console's) unless told otherwise
// (laptop-defaults.ts; `npm start -- --host 0.0.0.0` opens them to the network).
// It serves the web console and the three services' APIs at http://127.0.0.1:8000; once all three
// listen, its last lines are the console's URL, each service's URL and docs URL, the admin user
// created and the next command to try.
// package.json runs it as `node --disable-warning=DEP0060 …`: http-proxy (under
// http-proxy-middleware, the console's proxy) calls the deprecated util._extend on every proxied
// request, and that warning is the one Node would print.
// Ctrl-C stops all three (SIGTERM, waiting for each to exit); if one exits on its own, the
// others are stopped and the exit status is non-zero.

import { REPO_ROOT, SERVICES, distMain } from '../cluster/dist.ts';
import { BUILT_APPS, buildIfStale } from './build-freshness.ts';
import { useColor, paint } from './log-format.ts';
import { laptopEnvironment } from './laptop-defaults.ts';
import { createReadySummary } from './ready-summary.ts';
import { serveConsoleForStart } from './console-server.ts';
import { supervise } from './supervisor.ts';
import { SERVICE_ENVIRONMENT, SERVICE_NODE_FLAGS } from './service-node-flags.ts';

const ACCESS_LOG = '--access-log';

async function main(): Promise<number> {
  const color = useColor(process.stdout);
  const note = (line: string): boolean => process.stdout.write(`${paint(color, 'bold', '[start]')} ${line}\n`);
  try {
    buildIfStale(BUILT_APPS, note);
  } catch (error) {
    note((error as Error).message);
    return 1;
  }
  const accessLog = process.argv.includes(ACCESS_LOG);
  const extraArgs = process.argv.slice(2).filter((arg) => arg !== ACCESS_LOG);
  note(`starting ${SERVICES.join(', ')}${extraArgs.length > 0 ? ` with ${extraArgs.join(' ')}` : ''} (Ctrl-C stops them)`);
  // The web console on :8000 in front of the three (tools/start/console-server.ts); its URL opens
  // the summary printed once they listen.
  const consoleServer = await serveConsoleForStart().catch((error: Error) => void note(`console not served: ${error.message}`));
  const ready = createReadySummary(SERVICES, process.env.SIMSVC_ADMIN_USERNAME || undefined, consoleServer?.url);
  let announced = false;
  const env = { ...laptopEnvironment(SERVICES, process.env), ...SERVICE_ENVIRONMENT };
  return supervise({
    processes: SERVICES.map((service) => ({
      name: service,
      command: process.execPath,
      args: [...SERVICE_NODE_FLAGS, distMain(service), ...extraArgs],
      cwd: REPO_ROOT,
      env,
    })),
    out: (line) => void process.stdout.write(`${line}\n`),
    note,
    color,
    accessLog,
    onLine: (service, line) => {
      if (announced) return;
      ready.observe(service, line);
      const summary = ready.summary();
      if (!summary) return;
      announced = true;
      for (const text of summary) note(paint(color, 'bold', text));
    },
  });
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    process.stderr.write(`start: ${error.stack ?? error.message}\n`);
    process.exit(1);
  },
);
