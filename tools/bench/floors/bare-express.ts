// Floor server: Express 5 with one route answering the same JSON document through res.json(), as
// the services do, and nothing else. Usage: node bare-express.ts PORT JSON.
import express from 'express';

const [port, document] = [Number(process.argv[2]), JSON.parse(process.argv[3] ?? 'null') as unknown];
const app = express();
app.get('/cache/*key', (_request, response) => response.json(document));
app.listen(port, '127.0.0.1', () => process.send?.('ready'));
