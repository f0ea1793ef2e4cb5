import { RESULTS_STORE, StoreDatabase, storeDatabaseToken } from '@simsvc/persistence';
import { makeRunFixture, writeRunDatabase } from '@simsvc/testing';
import { createHash } from 'node:crypto';
import { existsSync, linkSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import request, { type Response } from 'supertest';
import { expectError, useResultsService } from './support/results-test-service';

jest.setTimeout(60_000);

const MAX_UPLOAD_BYTES = 256 * 1024;

/** Every regular file below dir, relative to it. */
function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

// POST /runs (issue 24.4): the run database itself as the body, stored under the runs root and
// registered; GET /results/{execution_id}/run-database gives it back.
describe('POST /runs and GET /results/{execution_id}/run-database', () => {
  const results = useResultsService({ args: ['--max-upload-bytes', String(MAX_UPLOAD_BYTES)] });

  /** A run database made outside the runs root, as a laptop would have it. */
  function runFile(overrides: Parameters<typeof makeRunFixture>[0] = {}): { fixture: ReturnType<typeof makeRunFixture>; bytes: Buffer } {
    const fixture = makeRunFixture(overrides);
    const path = join(results.outside, `${fixture.execution_id}.db`);
    writeRunDatabase(path, fixture);
    return { fixture, bytes: readFileSync(path) };
  }

  async function upload(bytes: Buffer, type = 'application/vnd.sqlite3', query = '', http = results.http()): Promise<Response> {
    return http
      .post(`/runs${query}`)
      .set('X-Session-ID', await results.token())
      .set('Content-Type', type)
      .send(bytes);
  }

  async function download(executionId: string, headers: Record<string, string> = {}): Promise<Response> {
    let request = results
      .http()
      .get(`/results/${executionId}/run-database`)
      .set('X-Session-ID', await results.token());
    for (const [name, value] of Object.entries(headers)) request = request.set(name, value);
    return request.buffer(true).parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        // Errors are JSON in the contract's shape; files stay bytes.
        done(null, /json/.test(String(response.headers['content-type'])) ? JSON.parse(body.toString('utf8')) : body);
      });
    });
  }

  /** Runs `work` while the store refuses to write any result whose execution_id is LIKE `pattern` (a trigger). */
  async function refusingRegistrations(pattern: string, work: () => Promise<void>): Promise<void> {
    const { dataSource } = results.svc.nestApp.get<StoreDatabase>(storeDatabaseToken(RESULTS_STORE));
    const install =
      results.svc.backend === 'postgresql'
        ? [
            `CREATE FUNCTION test_refuse_result() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ` +
              `IF NEW.execution_id LIKE '${pattern}' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`,
            'CREATE TRIGGER test_refuse_result BEFORE INSERT OR UPDATE ON results FOR EACH ROW EXECUTE FUNCTION test_refuse_result()',
          ]
        : ['INSERT', 'UPDATE'].map(
            (event) =>
              `CREATE TRIGGER test_refuse_${event.toLowerCase()} BEFORE ${event} ON results ` +
              `WHEN NEW.execution_id LIKE '${pattern}' BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`,
          );
    const remove =
      results.svc.backend === 'postgresql'
        ? ['DROP TRIGGER test_refuse_result ON results', 'DROP FUNCTION test_refuse_result()']
        : ['DROP TRIGGER test_refuse_insert', 'DROP TRIGGER test_refuse_update'];
    for (const statement of install) await dataSource.query(statement);
    try {
      await work();
    } finally {
      for (const statement of remove) await dataSource.query(statement);
    }
  }

  /** Uploads stored so far, and nothing else left in the runs root. */
  const storedFiles = () => filesBelow(results.runsRoot);

  it('stores and registers an upload, and gives back the very same bytes with ETag and Range', async () => {
    const { fixture, bytes } = runFile({ simulation_name: 'upload-sim' });

    const response = await upload(bytes);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, execution_id: fixture.execution_id, input_count: 2, output_count: 2 });
    const stored = `uploads/upload-sim/${fixture.execution_id}.db`;
    expect(storedFiles()).toContain(stored);
    expect(statSync(join(results.runsRoot, stored)).mode & 0o777).toBe(0o600);
    const result = (await results.get(`/results/${fixture.execution_id}`)).body;
    expect(result).toMatchObject({ simulation_name: 'upload-sim', run_db_path: stored, input_params: { length: 2.5, n_points: 100 } });

    const whole = await download(fixture.execution_id);
    expect(whole.status).toBe(200);
    expect(whole.headers['content-type']).toBe('application/vnd.sqlite3');
    expect(whole.headers['content-disposition']).toBe(`attachment; filename=${fixture.execution_id}.db`);
    const sha = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');
    expect(sha(whole.body as Buffer)).toBe(sha(bytes));

    const etag = whole.headers['etag'] as string;
    expect(etag).toBeTruthy();
    expect((await download(fixture.execution_id, { 'If-None-Match': etag })).status).toBe(304);

    const part = await download(fixture.execution_id, { Range: 'bytes=0-15' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-15/${bytes.length}`);
    expect((part.body as Buffer).toString('latin1')).toBe('SQLite format 3\0');

    expectError(await download(fixture.execution_id, { Range: `bytes=${bytes.length + 10}-` }), 416, 'requested range is not satisfiable');
  });

  it('replaces an upload of the same execution_id in place: same result id, new file', async () => {
    const { fixture, bytes } = runFile({ simulation_name: 'upload-sim' });
    const first = await upload(bytes, 'application/octet-stream');
    expect(first.status).toBe(200);

    const changed = makeRunFixture({ ...fixture, outputs: { max_temperature: { value: 400, type: 'number' } } });
    const path = join(results.outside, `changed-${fixture.execution_id}.db`);
    writeRunDatabase(path, changed);
    const again = await upload(readFileSync(path), 'application/vnd.sqlite3', `?execution_id=${fixture.execution_id}`);

    expect(again.status).toBe(200);
    expect(again.body.result_id).toBe(first.body.result_id);
    expect((await results.get(`/results/${fixture.execution_id}`)).body.output_params).toEqual({ max_temperature: 400 });
    expect((await download(fixture.execution_id)).body).toEqual(readFileSync(path));
    expect(storedFiles().filter((file) => file.includes(fixture.execution_id))).toEqual([`uploads/upload-sim/${fixture.execution_id}.db`]);
  });

  it('downloads the run database of a result registered by path inside the runs root', async () => {
    const fixture = results.writeRun();
    expect((await results.register({ execution_id: fixture.execution_id })).status).toBe(200);
    const response = await download(fixture.execution_id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(readFileSync(join(results.runsRoot, `${fixture.execution_id}.db`)));
  });

  it('refuses a download of a result without a file in the runs root, or of a file with another link', async () => {
    await results.stored({ execution_id: 'upload-direct-outside', run_db_path: '../outside/x.db' });
    expectError(await download('upload-direct-outside'), 404, 'the result has no run database stored in the runs root');
    await results.stored({ execution_id: 'upload-direct-none' });
    expectError(await download('upload-direct-none'), 404, 'the result has no run database stored in the runs root');
    expectError(await download('upload-never-registered'), 404, 'result not found');

    const fixture = results.writeRun();
    expect((await results.register({ execution_id: fixture.execution_id })).status).toBe(200);
    linkSync(join(results.runsRoot, `${fixture.execution_id}.db`), join(results.outside, `${fixture.execution_id}-link.db`));
    expectError(await download(fixture.execution_id), 422, /2 hard links/);
  });

  describe('refuses, leaving nothing behind', () => {
    let before: string[];

    beforeEach(() => {
      before = storedFiles();
    });
    afterEach(() => {
      expect(storedFiles()).toEqual(before);
    });

    it('an upload over --max-upload-bytes, by its Content-Length (413)', async () => {
      const { bytes } = runFile({ simulation_name: 'upload-big' });
      const big = Buffer.concat([bytes, Buffer.alloc(MAX_UPLOAD_BYTES)]);
      expectError(await upload(big), 413, `run database upload exceeds ${MAX_UPLOAD_BYTES} bytes (--max-upload-bytes)`);
    });

    it('an upload over --max-upload-bytes sent without a length, mostly zeros like a sparse file (413)', async () => {
      const { bytes } = runFile({ simulation_name: 'upload-big' });
      const request = results
        .http()
        .post('/runs')
        .set('X-Session-ID', await results.token())
        .set('Content-Type', 'application/vnd.sqlite3');
      // Chunked: the service only learns the size by counting.
      request.write(bytes);
      for (let sent = 0; sent <= MAX_UPLOAD_BYTES; sent += 64 * 1024) request.write(Buffer.alloc(64 * 1024));
      expectError(await request, 413, `run database upload exceeds ${MAX_UPLOAD_BYTES} bytes (--max-upload-bytes)`);
    });

    it('a body that is not SQLite (422)', async () => {
      expectError(
        await upload(Buffer.from('not a database at all, just text\n'.repeat(100))),
        422,
        'run database is not a SQLite database',
      );
    });

    it('a body of another content type (415)', async () => {
      const { bytes } = runFile();
      expectError(await upload(bytes, 'text/plain'), 415, 'request body must be application/vnd.sqlite3 or application/octet-stream');
      expectError(
        await results.post('/runs', { run: 'x' }),
        415,
        'request body must be application/vnd.sqlite3 or application/octet-stream',
      );
    });

    it.each(['../x', '..', '.hidden', 'a/b', 'sim name'])('a run whose simulation_name %j is no safe path segment (422)', async (name) => {
      const { bytes } = runFile({ simulation_name: name });
      expectError(await upload(bytes), 422, /^simulation_name of the run database must match/);
    });

    it.each(['../x', 'a/../../b'])('a run whose execution_id %j is no safe path segment (422)', async (executionId) => {
      const { bytes } = runFile({ execution_id: executionId });
      expectError(await upload(bytes), 422, /^execution_id of the run database must match/);
    });

    it("an execution_id in the query that is not the run database's (422), or not an identifier (400)", async () => {
      const { bytes } = runFile();
      expectError(await upload(bytes, 'application/vnd.sqlite3', '?execution_id=someone-else'), 422, /differs from the request/);
      expectError(await upload(bytes, 'application/vnd.sqlite3', '?execution_id=..%2Fx'), 400, /^execution_id must match/);
    });

    it('a registration the database refuses: no file placed, an earlier upload kept, file and values', async () => {
      const { fixture, bytes } = runFile({ simulation_name: 'upload-sim', execution_id: 'upload-refused-again' });
      expect((await upload(bytes)).status).toBe(200);
      const registered = (await results.get(`/results/${fixture.execution_id}`)).body;
      const stored = join(results.runsRoot, `uploads/upload-sim/${fixture.execution_id}.db`);
      before = storedFiles();
      const changed = makeRunFixture({ ...fixture, outputs: { max_temperature: { value: 400, type: 'number' } } });
      const changedPath = join(results.outside, 'changed-refused.db');
      writeRunDatabase(changedPath, changed);
      const { bytes: firstBytes } = runFile({ simulation_name: 'upload-sim', execution_id: 'upload-refused-first' });

      // A fault of the database, not of the request: 500, which the OpenAPI document leaves out.
      const unchecked = request(results.url);
      await refusingRegistrations('upload-refused-%', async () => {
        expectError(await upload(readFileSync(changedPath), undefined, '', unchecked), 500, 'internal server error');
        expectError(await upload(firstBytes, undefined, '', unchecked), 500, 'internal server error');
      });

      expect(readFileSync(stored)).toEqual(bytes);
      expect((await download(fixture.execution_id)).body).toEqual(bytes);
      expect((await results.get(`/results/${fixture.execution_id}`)).body).toEqual(registered);
      expect((await results.get('/results/upload-refused-first')).status).toBe(404);
    });

    it('an upload without write_results (403) or without a session (401)', async () => {
      const { bytes } = runFile();
      const response = await results.http().post('/runs').set('Content-Type', 'application/vnd.sqlite3').send(bytes);
      expect(response.status).toBe(401);
    });
  });
});
