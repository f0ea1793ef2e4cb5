// simsvc results register | search | show | stats | export | download
import { Command } from 'commander';
import { examples, integer, oneOf, repeatable, withContext } from '../command-kit';
import type { CommandContext } from '../context';
import { consoleFilters, consoleUrl, showInConsole } from '../console-links';
import { ExitStatus } from '../errors';
import { barProgress, countOutcomes, lineProgress, summaryLine } from '../register/register-progress';
import { registerRuns, type UploadPolicy } from '../register/register-runs';
import { findRunFiles, realRoot } from '../register/run-files';
import { parseOrderBy } from '../where/order-by';
import { whereFilters } from '../where/where-filters';
import { downloadTo, exportTo } from './results-files';

const ORDER_BY_HELP =
  "sort key, up to three: in.NAME, out.NAME, created_at, execution_id, simulation_version, status, completed_at or duration_seconds, then asc (default) or desc, e.g. 'out.energy desc'";
const WHERE_HELP = 'condition NAME OP VALUE, OP one of = != > >= < <= in (repeatable; in.NAME / out.NAME name the class)';

/** What searchOptions adds, as commander hands it to the action. */
interface SearchOptions {
  simulation: string;
  where?: string[];
  orderBy?: string[];
  version?: string;
  status?: string;
}

/** The options choosing results, shared by search and export: --simulation, --where, --order-by, --version, --status. */
function searchOptions(command: Command): Command {
  return command
    .requiredOption('--simulation <NAME>', 'simulation name')
    .option('--where <COND>', WHERE_HELP, repeatable)
    .option('--order-by <KEY>', ORDER_BY_HELP, repeatable)
    .option('--version <V>', 'only results of this simulation version')
    .option('--status <S>', 'only results of this status (completed, failed, …)');
}

export function registerResultsCommands(program: Command): void {
  const results = program.command('results').description('finished runs: register their run databases, search, statistics, export');

  examples(
    results
      .command('register')
      .description('register run databases (files, or directories searched for *.db); already registered runs are skipped unless --replace')
      .argument('<PATH...>', 'run database files or directories')
      .option(
        '--root <DIR>',
        'the directory the results service has as its runs root (default: the current directory; a file the service cannot find that way is sent by its absolute path)',
      )
      .option('--concurrency <N>', 'registrations in flight', integer(1, 256), 8)
      .option('--replace', 'register runs again even when registered (updates them in place)')
      .option(
        '--upload',
        'send every file to the service (POST /runs) instead of its path; without it a file is sent only when the service cannot read it',
      )
      .option('--no-upload', 'never send a file: one the service cannot read by its path fails, naming the path sent and the root')
      .action(withContext(register)),
    [
      'simsvc results register ./data/runs                   # npm start, from the workspace root',
      'simsvc results register /srv/sim2l/runs/2026 --root /srv/sim2l/runs',
      'simsvc results register run-1.db run-2.db --replace',
      'simsvc --results-url https://simsvc.example.org/results results register ./runs --upload',
    ],
  );
  examples(
    searchOptions(results.command('search').description('results of a simulation, newest first or in --order-by order'))
      .option('--limit <N>', 'at most N (1-1000)', integer(1, 1000), 50)
      .option('--offset <N>', 'results to skip', integer(0))
      .option('--web', "print the console's URL of this search (opened on a desktop) instead of searching")
      .action(withContext(search)),
    [
      "simsvc results search --simulation heat-1d --where 'length>=2' --where 'mode in fast,exact'",
      "simsvc results search --simulation heat-1d --where 'out.max_temperature<400' --limit 10",
      "simsvc results search --simulation heat-1d --where 'length>=2' --order-by 'out.max_temperature desc' --limit 10",
      'simsvc results search --simulation heat-1d --version 1.0.0 --status failed',
      'simsvc --json execution_id,in.length,out.max_temperature results search --simulation heat-1d',
      "simsvc results search --simulation heat-1d --where 'length>=2' --web",
    ],
  );
  examples(
    results
      .command('show')
      .description('one result with every parameter, its value, type and units')
      .argument('<EXECUTION_ID>', 'execution id')
      .option('--web', "print the console's URL of this run (opened on a desktop)")
      .action(withContext(show)),
    ['simsvc results show exec-20260115-0001', 'simsvc results show exec-20260115-0001 --web'],
  );
  examples(
    results
      .command('stats')
      .description("count, mean, min and max of a parameter across a simulation's results")
      .argument('<SIMULATION>', 'simulation name')
      .argument('<PARAM>', 'parameter name')
      .option('--class <C>', 'input or output (default output)', oneOf('input', 'output'))
      .action(withContext(stats)),
    ['simsvc results stats heat-1d max_temperature', 'simsvc results stats heat-1d length --class input'],
  );
  examples(
    searchOptions(
      results
        .command('export')
        .description('every matching result as CSV (a column per input and output) or JSON lines, streamed by the service (POST /export)'),
    )
      .option('--format <F>', 'csv or jsonl (--json: jsonl)', oneOf('csv', 'jsonl'))
      .option('-o, --output <FILE>', 'write to FILE instead of stdout')
      .action(withContext(exportCommand)),
    [
      'simsvc results export --simulation heat-1d > heat-1d.csv',
      "simsvc results export --simulation heat-1d --where 'length>2' --order-by 'out.max_temperature desc' -o best.csv",
      "simsvc results export --simulation heat-1d --where 'length>2' --format jsonl",
    ],
  );
  examples(
    results
      .command('download')
      .description("a result's run database file (GET /results/{id}/run-database)")
      .argument('<EXECUTION_ID>', 'execution id')
      .option('-o, --output <FILE>', "write to FILE (default: the service's file name, <EXECUTION_ID>.db, in the current directory)")
      .action(withContext(download)),
    ['simsvc results download exec-20260115-0001', 'simsvc results download exec-20260115-0001 -o /tmp/run.db'],
  );
}

async function register(
  { client, out }: CommandContext,
  paths: string[],
  opts: { root?: string; concurrency: number; replace?: boolean; upload?: boolean },
): Promise<void> {
  const root = await realRoot(opts.root ?? process.cwd());
  const rootGiven = opts.root !== undefined;
  const empty: string[] = [];
  const files = await findRunFiles(paths, (directory) => empty.push(directory));
  for (const directory of empty) process.stderr.write(`simsvc: ${directory}: no *.db files in it or below it\n`);
  if (files.length === 0) throw new ExitStatus(1);
  const progress = out.json
    ? lineProgress(() => undefined)
    : process.stderr.isTTY
      ? barProgress()
      : lineProgress((text) => process.stderr.write(text));
  progress.start(files.length);
  let outcomes;
  try {
    outcomes = await registerRuns(
      client,
      files,
      { root, rootGiven, concurrency: opts.concurrency, replace: Boolean(opts.replace), upload: uploadPolicy(opts.upload) },
      (outcome) => progress.outcome(outcome),
    );
  } finally {
    progress.stop();
  }
  const counts = countOutcomes(outcomes);
  if (out.json) out.document({ ...counts, runs: outcomes });
  else out.line(summaryLine(counts));
  if (counts.failed > 0) throw new ExitStatus(1);
}

async function search(context: CommandContext, opts: SearchOptions & { limit: number; offset?: number; web?: boolean }): Promise<void> {
  const { client, out } = context;
  const orderBy = parseOrderBy(opts.orderBy ?? []);
  const filters = await whereFilters(client, opts.simulation, opts.where ?? []);
  if (opts.web) {
    const { params, left } = consoleFilters(filters);
    const notes = [
      ...left.map((condition) => `--web: the console has no form of ${condition}; left out of the URL`),
      ...(opts.version || opts.status ? ['--web: the console view shows every version and status'] : []),
      ...(orderBy.length > 0 ? ['--web: the console view has its own order; --order-by left out of the URL'] : []),
    ];
    return showInConsole(context, consoleUrl(context.options.consoleUrl, '/results', [['sim', opts.simulation], ...params]), notes);
  }
  const body = await client.results.POST('/search', {
    body: {
      simulation_name: opts.simulation,
      ...(opts.version !== undefined ? { simulation_version: opts.version } : {}),
      ...(opts.status !== undefined ? { status: opts.status } : {}),
      ...filters,
      ...(orderBy.length > 0 ? { order_by: orderBy } : {}),
      limit: opts.limit,
      ...(opts.offset !== undefined ? { offset: opts.offset } : {}),
    },
  });
  if (out.json) return out.document(body);
  out.table(
    ['execution_id', 'version', 'status', 'created_at', 'inputs', 'outputs'],
    body.results.map((hit) => [
      hit.execution_id,
      hit.simulation_version,
      hit.status,
      hit.created_at,
      out.params(hit.input_params),
      out.params(hit.output_params),
    ]),
  );
  out.line(`${body.count} of ${body.total}${body.offset ? ` (offset ${body.offset})` : ''}`);
}

async function show(context: CommandContext, executionId: string, opts: { web?: boolean }): Promise<void> {
  const { client, out } = context;
  if (opts.web) return showInConsole(context, consoleUrl(context.options.consoleUrl, `/results/${encodeURIComponent(executionId)}`));
  const body = await client.results.GET('/results/{execution_id}', { params: { path: { execution_id: executionId } } });
  if (out.json) return out.document(body);
  const { input_params, output_params, schema, ...fields } = body;
  out.record(fields);
  const rows = (['input', 'output'] as const).flatMap((paramClass) => {
    const values = paramClass === 'input' ? input_params : output_params;
    const schemas = paramClass === 'input' ? schema.inputs : schema.outputs;
    return Object.entries(values).map(([name, value]) => [paramClass, name, value, schemas[name]?.type, schemas[name]?.units]);
  });
  out.line();
  out.table(['class', 'parameter', 'value', 'type', 'units'], rows);
}

async function stats(
  { client, out }: CommandContext,
  simulation: string,
  param: string,
  opts: { class?: 'input' | 'output' },
): Promise<void> {
  const body = await client.results.GET('/stats/{simulation_name}/{param_name}', {
    params: { path: { simulation_name: simulation, param_name: param }, query: { class: opts.class } },
  });
  if (body.count === 0)
    process.stderr.write(
      `simsvc: warning: no result of ${simulation} has the ${body.param_class} parameter ${param}${opts.class ? '' : ' (an input? add --class input)'}\n`,
    );
  if (out.json) return out.document(body);
  out.record(body);
}

async function exportCommand(
  { client, out }: CommandContext,
  opts: SearchOptions & { format?: 'csv' | 'jsonl'; output?: string },
): Promise<void> {
  const orderBy = parseOrderBy(opts.orderBy ?? []);
  const filters = await whereFilters(client, opts.simulation, opts.where ?? []);
  await exportTo(
    client,
    {
      simulation_name: opts.simulation,
      ...(opts.version !== undefined ? { simulation_version: opts.version } : {}),
      ...(opts.status !== undefined ? { status: opts.status } : {}),
      ...filters,
      ...(orderBy.length > 0 ? { order_by: orderBy } : {}),
      format: opts.format ?? (out.json ? 'jsonl' : 'csv'),
    },
    opts.output,
  );
}

async function download({ client, out }: CommandContext, executionId: string, opts: { output?: string }): Promise<void> {
  const saved = await downloadTo(client, executionId, opts.output);
  if (out.json) return out.document(saved);
  out.line(`${saved.file} (${saved.bytes} bytes)`);
}

/** --upload, --no-upload, or neither (upload what the service cannot read). */
function uploadPolicy(upload: boolean | undefined): UploadPolicy {
  return upload === undefined ? 'when-unreadable' : upload ? 'always' : 'never';
}
