import { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

const IDLE_DEADLINE_MS = 10_000;
const HARD_DEADLINE_MS = 15_000;

/**
 * Stops taking connections and lets the open ones finish. Node's own `server.close()` drops idle
 * keep-alive connections at once, racing a proxy that has just sent a request on one (nginx then
 * cannot retry a POST and answers 503). Instead, every further response says `Connection: close`,
 * and only connections still idle after 10 s are closed (any left at 15 s are cut).
 */
export function drainHttpServer(server: Server): Promise<void> {
  server.on('request', (_request, response) => response.setHeader('Connection', 'close'));
  const idleTimer = setTimeout(() => server.closeIdleConnections(), IDLE_DEADLINE_MS);
  const hardTimer = setTimeout(() => server.closeAllConnections(), HARD_DEADLINE_MS);
  return new Promise((resolve) => {
    NetServer.prototype.close.call(server, () => {
      clearTimeout(idleTimer);
      clearTimeout(hardTimer);
      resolve();
    });
  });
}
