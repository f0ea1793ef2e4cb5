// `simsvc cache put --file entries.jsonl`: one POST /cache per line, a few in flight; a line that
// is not a JSON object or that the service refuses fails, named by its line number (listed in
// line order once all are done), and the rest go on.
// No session (401) or no service ends it all: every other line would fail alike.
import { SimsvcError, type CacheComponents } from '@simsvc/client';
import { readFile } from 'node:fs/promises';
import type { CommandContext } from '../context';
import { ExitStatus } from '../errors';
import { readStdin } from '../prompt';
import { UsageError } from '../usage-error';

type StoreEntry = CacheComponents['schemas']['StoreEntryDto'];

const IN_FLIGHT = 8;

interface LineOutcome {
  line: number;
  cache_key?: string;
  error?: { status?: number; message: string };
}

export async function putEntries({ client, out }: CommandContext, file: string): Promise<void> {
  let text: string;
  try {
    text = file === '-' ? await readStdin() : await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`${file}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`);
  }
  const lines = text
    .split('\n')
    .map((content, index) => ({ line: index + 1, content: content.trim() }))
    .filter(({ content }) => content !== '');

  const outcomes: LineOutcome[] = [];
  const fail = (outcome: LineOutcome) => outcomes.push(outcome);
  let next = 0;
  let fatal: unknown;
  const worker = async () => {
    while (fatal === undefined && next < lines.length) {
      const { line, content } = lines[next++];
      let entry: unknown;
      try {
        entry = JSON.parse(content);
      } catch (error) {
        fail({ line, error: { message: `not JSON (${(error as Error).message})` } });
        continue;
      }
      if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
        fail({ line, error: { message: 'expected a JSON object' } });
        continue;
      }
      try {
        const body = await client.cache.POST('/cache', { body: entry as StoreEntry });
        outcomes.push({ line, cache_key: body.cache_key });
      } catch (error) {
        if (error instanceof SimsvcError && error.status !== 401) fail({ line, error: { status: error.status, message: error.message } });
        else fatal ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(IN_FLIGHT, lines.length)) }, worker));
  if (fatal !== undefined) throw fatal;

  outcomes.sort((a, b) => a.line - b.line);
  const failures = outcomes.filter((outcome) => outcome.error);
  if (!out.json)
    for (const { line, error } of failures)
      process.stderr.write(`simsvc: ${file}:${line}: ${error?.status !== undefined ? `${error.status} ` : ''}${error?.message}\n`);
  const failed = failures.length;
  const stored = outcomes.length - failed;
  if (out.json) out.document({ stored, failed, lines: outcomes });
  else out.line(`stored ${stored}, failed ${failed} (${lines.length} line${lines.length === 1 ? '' : 's'})`);
  if (failed > 0) throw new ExitStatus(1);
}
