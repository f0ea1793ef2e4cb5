import {
  makeRunFixture,
  type Role,
  type RunDatabaseFixture,
  TestService,
  type TestServiceOptions,
  useTestService,
  writeRunDatabase,
} from '@simsvc/testing';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { AppModule } from '../../src/app/app.module';
import { RESULTS_SERVICE, ResultsConfig } from '../../src/app/results-config';

/** A running results service with its own runs root (a temp directory) and helpers. */
export class ResultsTestService {
  private constructor(
    readonly svc: TestService<ResultsConfig>,
    /** The runs root, canonical (tmpdir may itself be a symlink). */
    readonly runsRoot: string,
    /** A directory beside the runs root, for files that must stay out of reach. */
    readonly outside: string,
    private readonly sandbox: string,
  ) {}

  static async start(options: TestServiceOptions = {}): Promise<ResultsTestService> {
    const sandbox = realpathSync(mkdtempSync(join(tmpdir(), 'simsvc-results-runs-')));
    const runsRoot = join(sandbox, 'runs');
    const outside = join(sandbox, 'outside');
    try {
      const svc = await TestService.start(RESULTS_SERVICE, (config) => AppModule.forRoot(config), {
        ...options,
        args: ['--runs-root', runsRoot, ...(options.args ?? [])],
      });
      return new ResultsTestService(svc, runsRoot, outside, sandbox);
    } catch (error) {
      rmSync(sandbox, { recursive: true, force: true });
      throw error;
    }
  }

  async close(): Promise<void> {
    try {
      await this.svc.close();
    } finally {
      rmSync(this.sandbox, { recursive: true, force: true });
    }
  }

  http() {
    return this.svc.http();
  }

  get url(): string {
    return this.svc.url;
  }

  token(): Promise<string> {
    return this.svc.tokenFor('user');
  }

  tokenFor(role: Role): Promise<string> {
    return this.svc.tokenFor(role);
  }

  /** Writes a run database for fixture into the runs root (`<execution_id>.db` unless a path is given). */
  writeRun(overrides: Partial<RunDatabaseFixture> = {}, relativePath?: string): RunDatabaseFixture {
    const fixture = makeRunFixture(overrides);
    writeRunDatabase(join(this.runsRoot, relativePath ?? `${fixture.execution_id}.db`), fixture);
    return fixture;
  }

  async post(path: string, body: unknown): Promise<Response> {
    return this.http()
      .post(path)
      .set('X-Session-ID', await this.token())
      .send(body as object);
  }

  async get(path: string): Promise<Response> {
    return this.http()
      .get(path)
      .set('X-Session-ID', await this.token());
  }

  async delete(path: string): Promise<Response> {
    return this.http()
      .delete(path)
      .set('X-Session-ID', await this.token());
  }

  async register(body: Record<string, unknown>): Promise<Response> {
    return this.post('/register', body);
  }

  async registerDirect(overrides: Record<string, unknown> = {}): Promise<Response> {
    return this.post('/register_direct', makeDirect(overrides));
  }

  /** Registers inline and fails the test unless it worked. */
  async stored(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const body = makeDirect(overrides);
    const response = await this.post('/register_direct', body);
    if (response.status !== 200) throw new Error(`register_direct failed: ${response.status} ${JSON.stringify(response.body)}`);
    return body;
  }

  async search(body: Record<string, unknown>): Promise<Response> {
    return this.post('/search', body);
  }

  /** The execution ids a search returns, newest first (all of them: limit 1000). */
  async matches(simulation: string, filters: Record<string, unknown> = {}): Promise<string[]> {
    const response = await this.search({ simulation_name: simulation, limit: 1000, ...filters });
    if (response.status !== 200) throw new Error(`search failed: ${response.status} ${JSON.stringify(response.body)}`);
    return (response.body.results as { execution_id: string }[]).map((hit) => hit.execution_id);
  }

  /** Everything stored for the given simulations, to check that a refused request changed nothing. */
  async snapshot(simulations: string[]): Promise<unknown> {
    const state: Record<string, unknown> = {};
    for (const simulation of simulations) {
      const response = await this.search({ simulation_name: simulation, limit: 1000 });
      state[simulation] = { total: response.body.total, results: response.body.results };
    }
    return state;
  }
}

/** A results service started before the describe block's tests and closed after them (useTestService). */
export const useResultsService = (options?: TestServiceOptions): ResultsTestService =>
  useTestService(() => ResultsTestService.start(options));

let sequence = 0;

/** A valid POST /register_direct body; each call gets a new execution_id unless one is given. */
export function makeDirect(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  sequence += 1;
  return {
    execution_id: `direct-${sequence}-${process.pid}`,
    simulation_name: 'heat-1d',
    simulation_version: '1.0.0',
    status: 'completed',
    input_params: { length: 2.5, mode: 'fast' },
    output_params: { max_temperature: 373.15 },
    ...overrides,
  };
}

/** Asserts the contract's error shape (and that nothing internal leaks) and returns the body. */
export function expectError(response: Response, status: number, message: string | RegExp): Record<string, unknown> {
  expect({ status: response.status, body: response.body }).toMatchObject({
    status,
    body: { statusCode: status, error: expect.any(String) },
  });
  expect(response.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  expect(JSON.stringify(response.body)).not.toMatch(/\bat \S+ \(|SELECT |INSERT |\/tmp\/|simsvc-results-runs/);
  return response.body as Record<string, unknown>;
}

interface StatsFigures {
  count: number;
  avg_value: number | null;
  min_value: number | null;
  max_value: number | null;
}

/** A GET /stats/{simulation_name}/{param_name} body; without figures, that of a parameter with no numeric value (count 0, the rest null). */
export function parameterStats(
  simulation_name: string,
  param_name: string,
  param_class: 'input' | 'output',
  param_type: string | null,
  figures: StatsFigures = { count: 0, avg_value: null, min_value: null, max_value: null },
): Record<string, unknown> {
  return { simulation_name, param_name, param_class, param_type, ...figures };
}
