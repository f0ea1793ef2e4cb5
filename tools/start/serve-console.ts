// `node tools/start/serve-console.ts --port 8000 --cache URL --catalog URL --results URL [--dir DIR]`:
// the console server on its own (npm start runs it in-process; the browser tests run this).

import path from 'node:path';
import { parseArgs } from 'node:util';
import { CONSOLE_DIST, startConsoleServer } from './console-server.ts';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8000' },
    host: { type: 'string', default: '127.0.0.1' },
    dir: { type: 'string', default: CONSOLE_DIST },
    cache: { type: 'string', default: 'http://127.0.0.1:8001' },
    catalog: { type: 'string', default: 'http://127.0.0.1:8002' },
    results: { type: 'string', default: 'http://127.0.0.1:8003' },
  },
});

const server = await startConsoleServer({
  staticDir: path.resolve(values.dir),
  port: Number(values.port),
  host: values.host,
  upstreams: { cache: values.cache, catalog: values.catalog, results: values.results },
});
process.stdout.write(`console listening on ${server.url}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
