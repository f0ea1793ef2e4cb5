// Instructions per request of the catalog's and the results service's cheapest reads and a typical
// write, counted by callgrind (instructions.ts): `npm run bench -- services-instructions
// [--backend sqlite|postgresql]`. SIMSVC_BENCH_DIST=<dir> measures another build (e.g. an older
// commit's), so that two builds compare in one sitting whatever else the machine is doing.
import { chosen, countInstructions, measureInstructions, underCallgrind, type Scenario } from './instructions.ts';
import { createDatabase, DEFAULT_PG_ADMIN_URL, inParallel, login, random, startService, type BenchOptions } from './harness.ts';

const SIMULATIONS = 200;
const RESULTS = 2_000;
const next = random(28);
const pick = (count: number) => Math.floor(next() * count);

async function send(
  url: string,
  token: string,
  method: string,
  route: string,
  body: string,
  contentType = 'application/json',
): Promise<void> {
  const response = await fetch(`${url}${route}`, { method, headers: { 'content-type': contentType, 'x-session-id': token }, body });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
}

const simulation = (index: number) =>
  JSON.stringify({
    name: `tool-${index}`,
    version: '1.0.0',
    description: `Simulation number ${index} of heat transfer`,
    tags: [`tag${index % 7}`],
    input_schema: { x: { type: 'number', units: 'm' } },
    output_schema: { y: { type: 'number', units: 'K' } },
  });

async function catalogScenarios(url: string, token: string): Promise<Scenario[]> {
  await inParallel(SIMULATIONS, 8, (index) => send(url, token, 'POST', '/simulations', simulation(index)));
  const headers = { 'x-session-id': token };
  let created = SIMULATIONS;
  return [
    [
      'GET /simulations/{name}',
      [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/simulations/tool-${pick(SIMULATIONS)}` }) }],
      headers,
    ],
    [
      'GET /simulations/search',
      [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/simulations/search?query=tool-${pick(SIMULATIONS)}` }) }],
      headers,
    ],
    [
      'POST /simulations',
      [
        {
          method: 'POST',
          path: '/simulations',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: simulation(created++) }),
        },
      ],
      headers,
    ],
  ];
}

const result = (index: number) =>
  JSON.stringify({
    execution_id: `bench-${index}`,
    simulation_name: 'heat-1d',
    simulation_version: '1.0.0',
    status: 'completed',
    input_params: { x: index % 100, mode: `m${index % 5}` },
    output_params: { y: (index * 7919) % 1000 },
  });

async function resultsScenarios(url: string, token: string): Promise<Scenario[]> {
  const lines = Array.from({ length: RESULTS }, (_, index) => result(index));
  await send(url, token, 'POST', '/register_direct', lines.join('\n'), 'application/x-ndjson');
  const headers = { 'x-session-id': token };
  const search = (body: () => unknown): Scenario[1] => [
    {
      method: 'POST',
      path: '/search',
      headers: { 'content-type': 'application/json' },
      setupRequest: (request) => ({ ...request, body: JSON.stringify(body()) }),
    },
  ];
  let registered = RESULTS;
  return [
    [
      'GET /results/{id}',
      [{ method: 'GET', setupRequest: (request) => ({ ...request, path: `/results/bench-${pick(RESULTS)}` }) }],
      headers,
    ],
    ['POST /search (equality)', search(() => ({ simulation_name: 'heat-1d', input_filters: { mode: `m${pick(5)}` }, limit: 50 })), headers],
    [
      'POST /register_direct (one)',
      [
        {
          method: 'POST',
          path: '/register_direct',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: result(registered++) }),
        },
      ],
      headers,
    ],
  ];
}

const SERVICES: [service: string, scenarios: (url: string, token: string) => Promise<Scenario[]>][] = [
  ['catalog', catalogScenarios],
  ['results', resultsScenarios],
];

export async function run({
  backends = ['sqlite', 'postgresql'],
  pgAdminUrl = DEFAULT_PG_ADMIN_URL,
  log = console.log,
}: BenchOptions): Promise<void> {
  await countInstructions('services instructions', log, async (directory) => {
    for (const backend of backends) {
      for (const [service, scenarios] of SERVICES) {
        const database = await createDatabase(service, backend, pgAdminUrl);
        const running = await startService(service, database.args, [], { SIMSVC_CATALOG_WATCH_DIR: '' }, underCallgrind(directory));
        try {
          const token = await login(running.url);
          const named = (await scenarios(running.url, token)).map(([name, requests, headers]): Scenario => [
            `${backend} ${service} ${name}`,
            requests,
            headers,
          ]);
          await measureInstructions(running.pid, running.url, chosen(named), log);
        } finally {
          await running.stop();
          await database.drop();
        }
      }
    }
  });
}
