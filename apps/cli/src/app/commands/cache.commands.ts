// simsvc cache get | put | stats | invalidate | entries
import type { CacheComponents } from '@simsvc/client';
import { Command } from 'commander';
import { examples, integer, readJsonObject, withContext } from '../command-kit';
import type { CommandContext } from '../context';
import { UsageError } from '../usage-error';
import { putEntries } from './cache-put-lines';

type StoreEntry = CacheComponents['schemas']['StoreEntryDto'];
type Invalidate = CacheComponents['schemas']['InvalidateDto'];

const SIMULATION_ID = ['--simulation-id <N>', 'simulation id (0: entries of no simulation)'] as const;

export function registerCacheCommands(program: Command): void {
  const cache = program.command('cache').description('cache entries: references to finished runs under a key');

  examples(
    cache
      .command('get')
      .description('one entry by its key (a hit or a 404 miss, counted in the statistics)')
      .argument('<KEY>', 'cache key')
      .option(...SIMULATION_ID, integer(0, 2147483647))
      .action(withContext(get)),
    ['simsvc cache get heat-1d/1.0.0/3f2a', 'simsvc --json cache get heat-1d/1.0.0/3f2a'],
  );
  examples(
    cache
      .command('put')
      .description('store an entry: the JSON body of POST /cache from a file (- for stdin); or many, one per line, with --file')
      .argument('[FILE.json]', 'entry as JSON')
      .option('--file <entries.jsonl>', 'JSON lines, one entry a line (- for stdin): each stored, a summary line, failures by line number')
      .action(withContext(put)),
    [
      'simsvc cache put entry.json',
      'simsvc cache put --file entries.jsonl',
      `echo '{"cache_key":"k1","simulation_name":"heat-1d","simulation_version":"1.0.0","execution_id":"e1","squid_id":"s1","input_hash":"h1","run_db_path":"e1.db"}' | simsvc cache put -`,
    ],
  );
  examples(
    cache
      .command('stats')
      .description('entries, hits, misses and hit rate')
      .option(...SIMULATION_ID, integer(0, 2147483647))
      .action(withContext(stats)),
    ['simsvc cache stats', 'simsvc cache stats --simulation-id 7'],
  );
  examples(
    cache
      .command('invalidate')
      .description('remove the entries of a simulation and/or matching a pattern')
      .option(...SIMULATION_ID, integer(0, 2147483647))
      .option('--pattern <P>', 'key pattern; * matches any run of characters')
      .option('--reason <R>', 'recorded with the invalidation')
      .action(withContext(invalidate)),
    ['simsvc cache invalidate --simulation-id 7 --reason "model fixed"', "simsvc cache invalidate --pattern 'heat-1d/1.0.0/*'"],
  );
  examples(
    cache
      .command('entries')
      .description('list live entries, newest first')
      .option('--pattern <P>', 'key pattern; * matches any run of characters')
      .option(...SIMULATION_ID, integer(0, 2147483647))
      .option('--limit <N>', 'entries per page (1-1000)', integer(1, 1000), 50)
      .option('--offset <N>', 'entries to skip', integer(0))
      .action(withContext(entries)),
    ["simsvc cache entries --pattern 'heat-1d/*'", 'simsvc cache entries --limit 200 --offset 200'],
  );
}

async function get({ client, out }: CommandContext, key: string, opts: { simulationId?: number }): Promise<void> {
  const body = await client.cache.GET('/cache/{cache_key}', {
    params: { path: { cache_key: key }, query: { simulation_id: opts.simulationId } },
  });
  if (out.json) return out.document(body);
  out.record(body);
}

async function put(context: CommandContext, file: string | undefined, opts: { file?: string }): Promise<void> {
  const { client, out } = context;
  if (opts.file !== undefined) {
    if (file !== undefined) throw new UsageError('give FILE.json or --file, not both');
    return putEntries(context, opts.file);
  }
  if (file === undefined) throw new UsageError('give FILE.json (- for stdin) or --file entries.jsonl');
  const entry = (await readJsonObject(file)) as unknown as StoreEntry;
  const body = await client.cache.POST('/cache', { body: entry });
  if (out.json) return out.document(body);
  out.line(`stored ${body.cache_key}`);
}

async function stats({ client, out }: CommandContext, opts: { simulationId?: number }): Promise<void> {
  const body = await client.cache.GET('/cache/stats', { params: { query: { simulation_id: opts.simulationId } } });
  if (out.json) return out.document(body);
  out.record(body);
}

async function invalidate(
  { client, out }: CommandContext,
  opts: { simulationId?: number; pattern?: string; reason?: string },
): Promise<void> {
  const request: Invalidate = {};
  if (opts.simulationId !== undefined) request.simulation_id = opts.simulationId;
  if (opts.pattern !== undefined) request.pattern = opts.pattern;
  if (opts.reason !== undefined) request.reason = opts.reason;
  const body = await client.cache.POST('/cache/invalidate', { body: request });
  if (out.json) return out.document(body);
  out.line(`invalidated ${body.invalidated_count} entr${body.invalidated_count === 1 ? 'y' : 'ies'}`);
}

async function entries(
  { client, out }: CommandContext,
  opts: { pattern?: string; simulationId?: number; limit: number; offset?: number },
): Promise<void> {
  const body = await client.cache.GET('/cache/entries', {
    params: { query: { pattern: opts.pattern, simulation_id: opts.simulationId, limit: opts.limit, offset: opts.offset } },
  });
  if (out.json) return out.document(body);
  out.table(
    ['cache_key', 'simulation', 'execution_id', 'created_at', 'expires_at'],
    body.entries.map((entry) => [
      entry.cache_key,
      `${entry.simulation_name}/${entry.simulation_version}`,
      entry.execution_id,
      entry.created_at,
      entry.expires_at,
    ]),
  );
  out.line(`${body.entries.length} of ${body.total} (offset ${body.offset})`);
}
