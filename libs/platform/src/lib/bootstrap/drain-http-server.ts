import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, Socket } from 'node:net';

/** How long a connection must stay quiet after SIGTERM before it is closed. */
export const DRAIN_IDLE_MS = 1000;
/** Connections still open this long after SIGTERM are cut, well inside `docker stop`'s 10 s. */
export const DRAIN_DEADLINE_MS = 8000;
const IDLE_CHECK_MS = 100;

interface ConnectionState {
  /** Responses started on this connection and not yet closed. */
  responses: Set<ServerResponse>;
  /** `socket.bytesRead` when last looked at: a change means a request is arriving. */
  bytesRead: number;
  quietSince: number;
}

export interface HttpServerDrain {
  /** Stops taking connections, lets the open ones finish, resolves once all are closed. */
  drain(): Promise<void>;
}

/**
 * Watches the server's connections from start-up, so that at SIGTERM it knows which are busy.
 *
 * Node's own `server.close()` drops idle keep-alive connections at once, racing a proxy that has
 * just sent a request on one (nginx cannot retry a POST and answers 503). Instead, during a drain
 * every response says `Connection: close` (those in flight too, unless their headers are already
 * out), and a connection is closed once it has had no request in progress and received no byte
 * for DRAIN_IDLE_MS: a request that starts arriving keeps its connection and is answered. Idle
 * keep-alive clients therefore cost about one second; whatever is left at DRAIN_DEADLINE_MS is cut.
 */
export function trackConnectionsForDrain(server: Server): HttpServerDrain {
  const connections = new Map<Socket, ConnectionState>();
  let draining = false;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { responses: new Set(), bytesRead: 0, quietSince: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  // Prepended: the application may answer synchronously, and a header cannot be set after that.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    const state = connections.get(request.socket);
    if (draining) closeAfter(response);
    if (!state) return;
    state.responses.add(response);
    response.once('close', () => {
      state.responses.delete(response);
      state.quietSince = Date.now();
    });
  });

  const closeQuietConnections = () => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (state.responses.size > 0 || socket.bytesRead !== state.bytesRead) {
        state.bytesRead = socket.bytesRead;
        state.quietSince = now;
      } else if (now - state.quietSince >= DRAIN_IDLE_MS) socket.destroy();
    }
  };

  return {
    drain() {
      draining = true;
      const now = Date.now();
      for (const [socket, state] of connections) {
        state.bytesRead = socket.bytesRead;
        state.quietSince = now;
        state.responses.forEach(closeAfter);
      }
      const idleCheck = setInterval(closeQuietConnections, IDLE_CHECK_MS);
      const deadline = setTimeout(() => server.closeAllConnections(), DRAIN_DEADLINE_MS);
      return new Promise((resolve) => {
        // net.Server's close, not http.Server's: the latter closes idle connections at once.
        NetServer.prototype.close.call(server, () => {
          clearInterval(idleCheck);
          clearTimeout(deadline);
          resolve();
        });
      });
    },
  };
}

function closeAfter(response: ServerResponse): void {
  if (!response.headersSent) response.setHeader('Connection', 'close');
}
