// Floor server: bare node:http answering every request with the same JSON document (the ceiling).
// Usage (by the cache benchmark): node raw-http.ts PORT JSON; sends 'ready' over IPC once listening.
import http from 'node:http';

const [port, body] = [Number(process.argv[2]), process.argv[3]];
http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(body);
  })
  .listen(port, '127.0.0.1', () => process.send?.('ready'));
