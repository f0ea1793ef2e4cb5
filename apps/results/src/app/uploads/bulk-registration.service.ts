// POST /register_direct with an application/x-ndjson body: one result per line, each validated as
// the JSON body would be, the valid ones stored in transactions of at most NDJSON_BATCH; a line
// refused is reported by its number and never costs the others their place.
import { Injectable } from '@nestjs/common';
import { BulkRegisterFailure, BulkRegisterResponse, DomainError, nowMicros, RegisterDirectDto } from '@simsvc/contracts';
import { ContractValidationPipe } from '@simsvc/platform';
import type { Request } from 'express';
import { createInterface } from 'node:readline';
import { Transform } from 'node:stream';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { resultFromBody } from '../results/new-result';
import { NewResult, parameterRows, ParameterRow } from '../results/result.record';
import { ResultsMetrics } from '../results/results.metrics';
import { ResultsRepository } from '../results/results.repository';
import { tooManyLines, uploadIncomplete } from './upload.errors';

export const MAX_NDJSON_LINES = 10_000;
export const NDJSON_BATCH = 1_000;
/** The whole body: 10,000 results of a few KiB each fit with room to spare. */
export const MAX_NDJSON_BYTES = 64 * 1024 * 1024;

type StoreOutcome = 'new' | 'updated' | BulkRegisterFailure;

interface ValidLine {
  line: number;
  result: NewResult;
  parameters: ParameterRow[];
}

@Injectable()
export class BulkRegistrationService {
  private readonly validation = new ContractValidationPipe();

  constructor(
    private readonly repository: ResultsRepository,
    private readonly metrics: ResultsMetrics,
  ) {}

  /**
   * Reads every line first (so that a body over the limits changes nothing), then parses,
   * validates and stores them NDJSON_BATCH at a time: at most two batches are ever held as
   * objects (10,000 lines at once held ~45 MB of them per request). The next batch is parsed while
   * the previous one is being stored: on PostgreSQL the lines are validated while the service
   * waits for the database's answers; on SQLite the store is synchronous and the two take turns.
   * Batches are stored one after the other, in order.
   */
  async register(request: Request): Promise<BulkRegisterResponse> {
    const lines = await readLines(request);
    const failed: BulkRegisterFailure[] = [];
    let registered = 0;
    let updated = 0;
    let storing: Promise<StoreOutcome[]> = Promise.resolve([]);
    const count = (outcomes: StoreOutcome[]) => {
      for (const outcome of outcomes) {
        if (outcome === 'new') registered += 1;
        else if (outcome === 'updated') updated += 1;
        else failed.push(outcome);
      }
    };
    let next = 0;
    while (next < lines.length) {
      const valid: ValidLine[] = [];
      for (; next < lines.length && valid.length < NDJSON_BATCH; next += 1) {
        const text = lines[next];
        if (text.trim() === '') continue;
        try {
          valid.push(await this.parse(next + 1, text));
        } catch (error) {
          failed.push({ line: next + 1, message: messageOf(error) });
        }
      }
      count(await storing);
      // A batch is stored synchronously on SQLite: requests that arrived meanwhile get a turn before the next.
      await setImmediatePromise();
      storing = this.storeBatch(valid);
      // Observed at once, so that a rejection is never reported unhandled while the next batch is parsed.
      storing.catch(() => undefined);
    }
    count(await storing);
    this.metrics.registered.inc(registered + updated);
    return { registered, updated, failed: failed.sort((a, b) => a.line - b.line) };
  }

  private async parse(line: number, text: string): Promise<ValidLine> {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new Error('malformed JSON');
    }
    const dto = (await this.validation.transform(value, { type: 'body', metatype: RegisterDirectDto })) as RegisterDirectDto;
    const result = resultFromBody(dto);
    return { line, result, parameters: parameterRows(result) };
  }

  /** One transaction; should it fail as a whole (a conflict, say), each line is tried alone so that only its own fails. */
  private async storeBatch(batch: ValidLine[]): Promise<StoreOutcome[]> {
    if (batch.length === 0) return [];
    try {
      const stored = await this.repository.storeMany(batch, nowMicros());
      return stored.map(({ updated }) => (updated ? 'updated' : 'new'));
    } catch (error) {
      if (batch.length === 1) return [{ line: batch[0].line, message: messageOf(error) }];
      const outcomes: StoreOutcome[] = [];
      for (const item of batch) outcomes.push(...(await this.storeBatch([item])));
      return outcomes;
    }
  }
}

/** The body's lines, refused with 413 past MAX_NDJSON_LINES or MAX_NDJSON_BYTES. */
async function readLines(request: Request): Promise<string[]> {
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > MAX_NDJSON_BYTES) throw tooManyLines(`exceeds ${MAX_NDJSON_BYTES} bytes`);
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(received > MAX_NDJSON_BYTES ? tooManyLines(`exceeds ${MAX_NDJSON_BYTES} bytes`) : null, chunk);
    },
  });
  request.pipe(counter);
  let failure: unknown;
  request.once('error', () => (failure ??= uploadIncomplete()));
  counter.once('error', (error) => (failure ??= error));
  const lines: string[] = [];
  let results = 0;
  const reader = createInterface({ input: counter, crlfDelay: Infinity });
  try {
    for await (const line of reader) {
      lines.push(line);
      if (line.trim() !== '') results += 1;
      if (results > MAX_NDJSON_LINES) throw tooManyLines(`has more than ${MAX_NDJSON_LINES} lines`);
    }
  } catch (error) {
    throw failure ?? error;
  } finally {
    reader.close();
    request.unpipe(counter);
  }
  if (failure) throw failure;
  if (!request.complete) throw uploadIncomplete();
  return lines;
}

function messageOf(error: unknown): string {
  const details = (error as { response?: { message?: unknown } }).response?.message;
  if (Array.isArray(details)) return details.join('; ');
  if (typeof details === 'string') return details;
  return error instanceof DomainError || error instanceof Error ? error.message : 'could not be stored';
}
