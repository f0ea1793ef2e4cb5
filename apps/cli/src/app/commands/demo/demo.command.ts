// `simsvc demo`: fills the running services with a sweep of the demo simulation (demo-beam, a
// cantilever beam solved in closed form) so that the console has something to show: the
// simulation and its schema in the catalog, N run databases written and registered with results,
// an execution per run in the catalog, and cache entries with hits and misses. Running it again
// leaves the same state. It ends with the console URL of the sweep's results view.
import { Option, type Command } from 'commander';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { examples, integer, withContext } from '../../command-kit';
import type { CommandContext } from '../../context';
import { BEAM_SIMULATION } from './beam-model';
import { fillDemoCache } from './demo-cache';
import { ensureDemoSimulation, recordDemoExecutions } from './demo-catalog';
import { registerDemoRuns } from './demo-results';
import { consoleUrl } from '../../console-links';
import { demoSession } from './demo-session';
import { demoSweep, writeDemoRun } from './demo-sweep';

interface DemoOptions {
  runs: number;
  runsDir: string;
  concurrency: number;
}

export function registerDemoCommand(program: Command): void {
  const command = program
    .command('demo')
    .description(
      `Fill the running services with a demo sweep: ${BEAM_SIMULATION.name} ${BEAM_SIMULATION.version} in the catalog (a cantilever beam with units and bounds), ` +
        'its run databases written and registered with results, their executions recorded and cache entries with hits and misses. ' +
        'Running it again changes nothing. Prints the console URL of the results view.',
    )
    .addOption(new Option('--runs <n>', 'runs in the sweep').argParser(integer(1, 100_000)).default(2000))
    .addOption(
      new Option(
        '--runs-dir <dir>',
        'where the run databases are written: a directory the results service reads (below its --runs-root)',
      ).default(`data/runs/${BEAM_SIMULATION.name}`),
    )
    .addOption(new Option('--concurrency <n>', 'requests in flight').argParser(integer(1, 64)).default(8))
    .action(withContext(runDemo));
  examples(command, [
    'npx simsvc demo                     # against npm start, from the workspace root',
    'npx simsvc demo --runs 200 --runs-dir /srv/sim2l/runs/demo',
  ]);
}

async function runDemo(context: CommandContext, opts: DemoOptions): Promise<void> {
  const { client, out, options, sessions } = context;
  const started = performance.now();
  let stepStarted = started;
  /** A line for people, with the seconds its step took. */
  const say = (text: string, timed = true) => {
    const now = performance.now();
    if (!out.json) out.line(timed ? `${text} (${((now - stepStarted) / 1000).toFixed(1)} s)` : text);
    stepStarted = now;
  };
  const source = options.session ? 'given' : sessions.get(options.cacheUrl) ? 'stored' : 'none';
  const session = await demoSession(client, source);
  try {
    say(`${BEAM_SIMULATION.name} ${BEAM_SIMULATION.version}: ${opts.runs} runs, as ${session.description}`, false);

    const simulation = await ensureDemoSimulation(client, session.canRegisterSimulations);
    if (simulation)
      say(
        `catalog: ${BEAM_SIMULATION.name} ${BEAM_SIMULATION.version} ${simulation.registered ? 'registered' : 'already registered'} (id ${simulation.id})`,
      );
    else
      say(
        `catalog: ${BEAM_SIMULATION.name} is not registered and this session may not register it (register_simulation: a developer or admin); ` +
          'its executions are left out. Log in as one (`simsvc login --username NAME`) and run `simsvc demo` again to add them.',
        false,
      );

    const runsDir = resolve(opts.runsDir);
    mkdirSync(runsDir, { recursive: true });
    const runs = demoSweep(opts.runs, runsDir);
    for (const run of runs) writeDemoRun(run, simulation?.id ?? null);
    const failed = runs.filter((run) => run.status === 'failed').length;
    say(`runs: ${runs.length} run databases in ${runsDir} (${failed} failed)`);

    // The three services' parts at the same time: each is independent of the others.
    const stepsStarted = performance.now();
    const since = () => `(${((performance.now() - stepsStarted) / 1000).toFixed(1)} s)`;
    const [, recorded, cache] = await Promise.all([
      registerDemoRuns(client, runs, opts.concurrency).then(() => say(`results: ${runs.length} runs registered ${since()}`, false)),
      simulation
        ? recordDemoExecutions(client, simulation.id, runs, opts.concurrency).then((count) => {
            say(`catalog: ${count} executions recorded, ${runs.length - count} there already ${since()}`, false);
            return count;
          })
        : 0,
      fillDemoCache(client, simulation?.id, runs, opts.concurrency).then((fill) => {
        say(`cache: ${fill.written} entries stored, ${fill.hits} hits and ${fill.misses} misses looked up ${since()}`, false);
        return fill;
      }),
    ]);

    const url = resultsViewUrl(options.consoleUrl);
    const seconds = (performance.now() - started) / 1000;
    if (out.json) {
      out.document({
        simulation_name: BEAM_SIMULATION.name,
        simulation_version: BEAM_SIMULATION.version,
        simulation_id: simulation?.id ?? null,
        simulation_registered: simulation?.registered ?? false,
        runs: runs.length,
        failed_runs: failed,
        runs_dir: runsDir,
        executions_recorded: recorded,
        cache_entries_stored: cache.written,
        cache_hits: cache.hits,
        cache_misses: cache.misses,
        seconds: Number(seconds.toFixed(1)),
        console_url: url,
      });
    } else {
      say(`done in ${seconds.toFixed(1)} s. The sweep in the console:`, false);
      say(`  ${url}`, false);
    }
  } finally {
    await session.end();
  }
}

/** The console's results view (apps/console: /results?sim=&x=&y=) with deflection against length. */
export function resultsViewUrl(base: string): string {
  return consoleUrl(base, '/results', [
    ['sim', BEAM_SIMULATION.name],
    ['x', 'input:length'],
    ['y', 'output:tip_deflection'],
  ]);
}
