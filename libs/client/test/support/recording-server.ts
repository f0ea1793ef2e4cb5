import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** An object is sent as JSON; a string as is. */
  body?: unknown;
}

const DEFAULT_REPLY = (): Reply => ({ status: 200, body: {} });

/** A real HTTP server on a loopback port that records each request and answers with `reply`. */
export class RecordingServer {
  readonly requests: RecordedRequest[] = [];
  reply: (request: RecordedRequest) => Reply = DEFAULT_REPLY;

  private readonly server: Server;
  url = '';

  private constructor() {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const recorded = {
          method: request.method ?? '',
          url: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        this.requests.push(recorded);
        const { status = 200, headers = {}, body } = this.reply(recorded);
        const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
        const type = typeof body === 'string' ? 'text/plain' : 'application/json';
        response.writeHead(status, { ...(text ? { 'Content-Type': type } : {}), ...headers });
        response.end(request.method === 'HEAD' ? undefined : text);
      });
    });
  }

  /**
   * One server for the tests of the calling suite: listening before them, closed after them,
   * and with no requests recorded and the default reply before each.
   */
  static forSuite(): RecordingServer {
    const recorder = new RecordingServer();
    beforeAll(() => recorder.listen());
    afterAll(() => recorder.close());
    beforeEach(() => {
      recorder.requests.length = 0;
      recorder.reply = DEFAULT_REPLY;
    });
    return recorder;
  }

  private async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The last request received. */
  get last(): RecordedRequest {
    const request = this.requests.at(-1);
    if (!request) throw new Error('no request received');
    return request;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }
}

/** A loopback URL nothing listens on: a port that was free a moment ago. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
