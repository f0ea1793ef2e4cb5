// simsvc catalog search | show | register | stats | executions | pending | approve
import type { CatalogComponents, SimsvcClient } from '@simsvc/client';
import { Command } from 'commander';
import { examples, integer, oneOf, readJsonObject, repeatable, withContext } from '../command-kit';
import { consoleUrl, showInConsole } from '../console-links';
import type { CommandContext } from '../context';
import { cell } from '../output';
import { UsageError } from '../usage-error';

type RegisterSimulation = CatalogComponents['schemas']['RegisterSimulationDto'];
type Execution = CatalogComponents['schemas']['ExecutionResponse'];

const ID = integer(1, 2147483647);

export function registerCatalogCommands(program: Command): void {
  const catalog = program.command('catalog').description('simulations, their executions, and manifests awaiting approval');

  examples(
    catalog
      .command('search')
      .description('simulations whose name, description or tags contain every word of TEXT')
      .argument('[TEXT]', 'words to look for (none: every simulation)')
      .option('--tag <T>', 'keep simulations carrying this tag (repeatable: every tag given)', repeatable)
      .option('--status <S>', 'active, deprecated or all', oneOf('active', 'deprecated', 'all'))
      .option('--limit <N>', 'at most N (1-1000)', integer(1, 1000), 50)
      .option('--web', "print the console's URL of this search (opened on a desktop) instead of searching")
      .action(withContext(search)),
    [
      'simsvc catalog search heat',
      'simsvc catalog search --tag pde --tag heat',
      'simsvc --json catalog search',
      'simsvc catalog search heat --web',
    ],
  );
  examples(
    catalog
      .command('show')
      .description('one simulation (its latest version unless NAME@VERSION or --version) with its input and output schema')
      .argument('<NAME[@VERSION]>', 'simulation name (or id), optionally @version')
      .option('--version <V>', 'this version')
      .option('--web', "print the console's URL of this simulation (opened on a desktop)")
      .action(withContext(show)),
    ['simsvc catalog show heat-1d', 'simsvc catalog show heat-1d@1.0.0', 'simsvc catalog show heat-1d --version 1.0.0 --web'],
  );
  examples(
    catalog
      .command('register')
      .description('register a simulation: the JSON body of POST /simulations from a file (- for stdin)')
      .argument('<FILE.json>', 'simulation as JSON')
      .addHelpText(
        'after',
        `\nA complete body (name, version and each schema entry's type are required):\n${indent(JSON.stringify(EXAMPLE_SIMULATION, null, 2))}`,
      )
      .action(withContext(register)),
    ['simsvc catalog register heat-1d.json', 'simsvc catalog register - < heat-1d.json'],
  );
  examples(
    catalog
      .command('stats')
      .description('execution statistics of a simulation (its latest version unless NAME@VERSION)')
      .argument('<NAME[@VERSION]>', 'simulation name or id, optionally @version')
      .action(withContext(stats)),
    ['simsvc catalog stats heat-1d', 'simsvc catalog stats heat-1d@1.0.0', 'simsvc catalog stats 7'],
  );
  examples(
    catalog
      .command('executions')
      .description("executions of a simulation, newest first (without --simulation-id: every simulation's)")
      .option('--simulation-id <N>', 'simulation id', ID)
      .option('--status <S>', 'only executions of this status')
      .option('--limit <N>', 'at most N (1-1000)', integer(1, 1000), 50)
      .action(withContext(executions)),
    ['simsvc catalog executions --simulation-id 7', 'simsvc catalog executions --status failed'],
  );
  examples(
    catalog
      .command('pending')
      .description('manifests found in the watch directory awaiting approval')
      .option('--limit <N>', 'at most N (1-1000)', integer(1, 1000), 50)
      .action(withContext(pending)),
    ['simsvc catalog pending'],
  );
  examples(
    catalog
      .command('approve')
      .description('approve a pending manifest: its simulation is registered')
      .argument('<ID>', 'pending item id (from simsvc catalog pending)', ID)
      .action(withContext(approve)),
    ['simsvc catalog approve 3'],
  );
}

async function search(
  context: CommandContext,
  text: string | undefined,
  opts: { tag?: string[]; status?: 'active' | 'deprecated' | 'all'; limit: number; web?: boolean },
): Promise<void> {
  const { client, out } = context;
  if (opts.web) {
    const query: [string, string][] = [];
    if (text) query.push(['q', text]);
    if (opts.tag?.length) query.push(['tags', opts.tag.join(',')]);
    return showInConsole(context, consoleUrl(context.options.consoleUrl, '/simulations', query));
  }
  const body = await client.catalog.GET('/simulations/search', {
    params: { query: { query: text, all_tags: opts.tag?.join(','), status: opts.status, limit: opts.limit } },
  });
  if (out.json) return out.document(body);
  out.table(
    ['id', 'name', 'version', 'status', 'tags', 'description'],
    body.map((sim) => [sim.id, sim.name, sim.version, sim.status, sim.tags.join(','), sim.description ?? '']),
  );
}

async function show(context: CommandContext, nameAndVersion: string, opts: { version?: string; web?: boolean }): Promise<void> {
  const { client, out } = context;
  const { name, version } = simulationRef(nameAndVersion, opts.version);
  if (opts.web)
    return showInConsole(
      context,
      consoleUrl(context.options.consoleUrl, `/simulations/${encodeURIComponent(name)}`, version ? [['version', version]] : []),
    );
  const body = await client.catalog.GET('/simulations/{simulation}', {
    params: { path: { simulation: name }, query: { version } },
  });
  if (out.json) return out.document(body);
  out.record({ ...body, tags: body.tags.join(', ') }, ['id', 'name', 'version', 'status', 'author', 'tags', 'description', 'created_at']);
  const rows = (['input', 'output'] as const).flatMap((paramClass) =>
    Object.entries((paramClass === 'input' ? body.input_schema : body.output_schema) ?? {}).map(([param, schema]) => [
      paramClass,
      param,
      schema.type,
      schema.units,
      schema.min,
      schema.max,
      schema.default,
    ]),
  );
  if (rows.length > 0) {
    out.line();
    out.table(['class', 'parameter', 'type', 'units', 'min', 'max', 'default'], rows);
  }
}

async function register({ client, out }: CommandContext, file: string): Promise<void> {
  const simulation = (await readJsonObject(file)) as unknown as RegisterSimulation;
  const body = await client.catalog.POST('/simulations', { body: simulation });
  if (out.json) return out.document(body);
  out.line(`registered ${body.name} ${body.version} as id ${body.id}`);
}

async function stats({ client, out }: CommandContext, nameAndVersion: string): Promise<void> {
  const { name, version } = simulationRef(nameAndVersion);
  // The stats route takes an id: a name (and version) is looked up first, as `catalog show` does.
  const id = /^\d+$/.test(name) && version === undefined ? ID(name) : await simulationId(client, name, version);
  const body = await client.catalog.GET('/simulations/{id}/stats', { params: { path: { id } } });
  if (out.json) return out.document(body);
  out.record(body);
}

async function executions({ client, out }: CommandContext, opts: { simulationId?: number; status?: string; limit: number }): Promise<void> {
  const ofSimulation = (id: number) =>
    client.catalog.GET('/simulations/{id}/executions', {
      params: { path: { id }, query: { status: opts.status as Execution['status'], limit: opts.limit } },
    });
  let body: Execution[];
  if (opts.simulationId !== undefined) body = await ofSimulation(opts.simulationId);
  else {
    const simulations = await everySimulation(client);
    body = (await Promise.all(simulations.map(ofSimulation)))
      .flat()
      .sort((a, b) => cell(b.started_at).localeCompare(cell(a.started_at)))
      .slice(0, opts.limit);
  }
  if (out.json) return out.document(body);
  out.table(
    ['execution_id', 'simulation_id', 'status', 'started_at', 'duration_s'],
    body.map((execution) => [
      execution.execution_id,
      execution.simulation_id,
      execution.status,
      execution.started_at,
      execution.duration_seconds,
    ]),
  );
}

/** The ids of every simulation, paged through the search. */
async function everySimulation(client: SimsvcClient): Promise<number[]> {
  const ids: number[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await client.catalog.GET('/simulations/search', { params: { query: { limit: 1000, offset } } });
    ids.push(...page.map((sim) => sim.id));
    if (page.length < 1000) return ids;
  }
}

async function pending({ client, out }: CommandContext, opts: { limit: number }): Promise<void> {
  const body = await client.catalog.GET('/sync/pending', { params: { query: { limit: opts.limit } } });
  if (out.json) return out.document(body);
  out.table(
    ['id', 'name', 'version', 'status', 'manifest_path', 'error'],
    body.map((item) => [item.id, item.name, item.version, item.status, item.manifest_path, item.error]),
  );
}

async function approve({ client, out }: CommandContext, id: number): Promise<void> {
  const body = await client.catalog.POST('/sync/{id}/approve', { params: { path: { id } } });
  if (out.json) return out.document(body);
  out.line(`approved: simulation id ${body.simulation_id}`);
}

/** `NAME@VERSION` (or NAME with --version; not both) → name and version. */
export function simulationRef(text: string, versionOption?: string): { name: string; version?: string } {
  const at = text.lastIndexOf('@');
  if (at <= 0) return { name: text, version: versionOption };
  if (versionOption !== undefined) throw new UsageError(`${text}: give the version either as NAME@VERSION or with --version, not both`);
  if (at === text.length - 1) throw new UsageError(`${text}: no version after @`);
  return { name: text.slice(0, at), version: text.slice(at + 1) };
}

async function simulationId(client: SimsvcClient, name: string, version?: string): Promise<number> {
  const simulation = await client.catalog.GET('/simulations/{simulation}', { params: { path: { simulation: name }, query: { version } } });
  return simulation.id;
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}

/** The body `catalog register --help` shows: every field POST /simulations takes that people write by hand. */
export const EXAMPLE_SIMULATION = {
  name: 'heat-1d',
  version: '1.0.0',
  description: 'One-dimensional heat conduction in a rod',
  author: 'Ada Lovelace',
  tags: ['heat', 'pde'],
  input_schema: {
    length: { type: 'number', units: 'm', min: 0.1, max: 10, default: 1, description: 'rod length' },
    mode: { type: 'string', options: ['fast', 'exact'], default: 'fast' },
  },
  output_schema: {
    max_temperature: { type: 'number', units: 'K', description: 'hottest point at the end' },
  },
  dependencies: ['numpy>=1.26'],
  metadata: { solver: 'finite differences' },
} satisfies RegisterSimulation;
