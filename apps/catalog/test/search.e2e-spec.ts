import { useSessions } from '@simsvc/testing';
import { CATALOG_STORE, SnapshotReader, StoreDatabase, storeDatabaseToken } from '@simsvc/persistence';
import { availableParallelism } from 'node:os';
import { SearchIndexMaintainer } from '../src/app/simulations/search-index.maintainer';
import { registerSimulation, useCatalogService, uniqueName } from './support/catalog-test-service';

/** A word no other test uses, so each test searches its own simulations. */
let markers = 0;
const marker = () => `qx${++markers}zv${Math.random().toString(36).slice(2, 6)}`;

describe('search (contract §5)', () => {
  const svc = useCatalogService();
  const sessions = useSessions(svc, 'user');

  const search = (query: Record<string, string | number | string[]>) =>
    svc.http().get('/simulations/search').query(query).set('X-Session-ID', sessions.user);
  const names = (body: { name: string }[]) => body.map((s) => s.name);

  it('returns a JSON array and the number of matches in X-Total-Count', async () => {
    const word = marker();
    const sim = await registerSimulation(svc, { description: `uses ${word}` });
    const response = await search({ query: word });
    expect(response.status).toBe(200);
    expect(response.headers['x-total-count']).toBe('1');
    expect(response.body).toEqual([sim]);
  });

  it('matches a token as a case-insensitive substring of the name, the description or a tag', async () => {
    const word = marker();
    const byName = await registerSimulation(svc, { name: `Tool-${word}-X`, description: 'plain', tags: [] });
    const byDescription = await registerSimulation(svc, { description: `Models THE ${word.toUpperCase()}ING effect.`, tags: [] });
    const byTag = await registerSimulation(svc, { description: 'plain', tags: [`pre-${word}-post`] });
    await registerSimulation(svc, { description: `${word.slice(2)} only part of the word`, tags: [] });
    const inner = word.slice(1, -1).toUpperCase();
    const response = await search({ query: inner });
    expect(new Set(names(response.body))).toEqual(new Set([byName.name, byDescription.name, byTag.name]));
  });

  it('never matches across two fields or two words', async () => {
    const word = marker();
    await registerSimulation(svc, { name: `${word}a`, description: 'bc', tags: ['de'] });
    expect((await search({ query: `${word}abc` })).body).toEqual([]);
    expect((await search({ query: 'bcde' })).body.filter((s: { name: string }) => s.name.startsWith(word))).toEqual([]);
  });

  it('ranks simulations matching more tokens first, then the newest', async () => {
    const [a, b, c] = [marker(), marker(), marker()];
    const one = await registerSimulation(svc, { description: `${a}` });
    const threeOld = await registerSimulation(svc, { description: `${a} ${b}`, tags: [c] });
    const two = await registerSimulation(svc, { description: `${b} ${c}` });
    const threeNew = await registerSimulation(svc, { name: `n-${a}`, description: `${b} ${c}` });
    const oneNewer = await registerSimulation(svc, { description: `${c}` });
    const response = await search({ query: `${a} ${b} ${c}` });
    expect(names(response.body)).toEqual([threeNew.name, threeOld.name, two.name, oneNewer.name, one.name]);
    expect(response.headers['x-total-count']).toBe('5');
  });

  it('counts a repeated token once and a token matching several fields once', async () => {
    const [a, b] = [marker(), marker()];
    const twice = await registerSimulation(svc, { name: `n-${a}`, description: `${a} ${a}`, tags: [a] });
    const both = await registerSimulation(svc, { description: `${a} ${b}` });
    expect(names((await search({ query: `${a} ${a.toUpperCase()} ${b}` })).body)).toEqual([both.name, twice.name]);
  });

  it('drops tokens shorter than two characters; a query of only those matches everything', async () => {
    const word = marker();
    const sim = await registerSimulation(svc, { description: word });
    expect(names((await search({ query: `x ${word} y` })).body)).toEqual([sim.name]);
    const all = await search({ query: 'x y z', limit: 1000 });
    const everything = await search({ limit: 1000 });
    expect(all.headers['x-total-count']).toBe(everything.headers['x-total-count']);
  });

  it('matches two-character tokens (no trigram) as substrings too', async () => {
    const word = marker();
    const sim = await registerSimulation(svc, { name: `k9-${word}`, description: 'ab' });
    const response = await search({ query: 'K9', tags: '' });
    expect(names(response.body)).toContain(sim.name);
    const mixed = await search({ query: `k9 ${word}` });
    expect(names(mixed.body)[0]).toBe(sim.name);
  });

  it('takes wildcard and quote characters literally', async () => {
    const word = marker();
    const sim = await registerSimulation(svc, { description: `50%_off "${word}" back\\slash` });
    await registerSimulation(svc, { description: `50xxoff ${word}x` });
    expect(names((await search({ query: '%_o' })).body)).toEqual([sim.name]);
    expect(names((await search({ query: `"${word}"` })).body)).toEqual([sim.name]);
    expect(names((await search({ query: 'k\\sl' })).body)).toEqual([sim.name]);
    expect((await search({ query: '%%' })).body).toEqual([]);
    const globby = await registerSimulation(svc, { description: `a*b?c[d]e ${word}` });
    await registerSimulation(svc, { description: `axxbxc ${word}` });
    expect(names((await search({ query: 'a*b?c[d]' })).body)).toEqual([globby.name]);
    expect(names((await search({ query: '*b?' })).body)).toEqual([globby.name]);
    expect(names((await search({ query: '[d' })).body)).toEqual([globby.name]);
  });

  it('an empty query matches everything, newest first', async () => {
    const first = await registerSimulation(svc);
    const second = await registerSimulation(svc);
    const response = await search({ query: '', limit: 2 });
    expect(names(response.body)).toEqual([second.name, first.name]);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
  });

  it('filters by all_tags in the database: every listed tag present, case-insensitive, comma-separated or repeated', async () => {
    const [t1, t2, t3] = [marker(), marker(), marker()];
    const both = await registerSimulation(svc, { tags: [t1.toUpperCase(), t2] });
    const all = await registerSimulation(svc, { tags: [t1, t2, t3] });
    await registerSimulation(svc, { tags: [t1] });
    await registerSimulation(svc, { tags: [`${t2}x`, t3] });
    expect(new Set(names((await search({ all_tags: `${t1},${t2.toUpperCase()}` })).body))).toEqual(new Set([both.name, all.name]));
    expect(new Set(names((await search({ all_tags: [t1, t2] })).body))).toEqual(new Set([both.name, all.name]));
    expect(names((await search({ all_tags: ` ${t3} , ${t1} ,` })).body)).toEqual([all.name]);
    expect((await search({ all_tags: `${t1},nothing-has-this` })).body).toEqual([]);
  });

  it('filters by tags in the database: any listed tag present, more matching tags first, case-insensitive, repeated', async () => {
    const [t1, t2, t3] = [marker(), marker(), marker()];
    const both = await registerSimulation(svc, { tags: [t1.toUpperCase(), t2] });
    const all = await registerSimulation(svc, { tags: [t1, t2, t3] });
    const one = await registerSimulation(svc, { tags: [t1] });
    const other = await registerSimulation(svc, { tags: [`${t2}x`, t3] });
    expect(names((await search({ tags: `${t1},${t2.toUpperCase()}` })).body)).toEqual([all.name, both.name, one.name]);
    expect(names((await search({ tags: [t1, t2] })).body)).toEqual([all.name, both.name, one.name]);
    expect(names((await search({ tags: ` ${t3} , ${t1} ,` })).body)).toEqual([all.name, other.name, one.name, both.name]);
    expect(names((await search({ tags: `${t1},nothing-has-this` })).body)).toEqual([one.name, all.name, both.name]);
    expect((await search({ tags: 'nothing-has-this' })).body).toEqual([]);
  });

  it('combines text and tags: the tag filter restricts the ranked matches', async () => {
    const [word, tag] = [marker(), marker()];
    const tagged = await registerSimulation(svc, { description: word, tags: [tag] });
    await registerSimulation(svc, { description: word, tags: ['other'] });
    const response = await search({ query: word, tags: tag });
    expect(names(response.body)).toEqual([tagged.name]);
    expect(response.headers['x-total-count']).toBe('1');
  });

  it('pages with limit and offset; the total counts every match', async () => {
    const word = marker();
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) created.unshift((await registerSimulation(svc, { description: word })).name);
    const page = await search({ query: word, limit: 2, offset: 1 });
    expect(names(page.body)).toEqual(created.slice(1, 3));
    expect(page.headers['x-total-count']).toBe('5');
    const beyond = await search({ query: word, limit: 2, offset: 10 });
    expect(beyond.body).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('5');
    expect((await search({ query: word })).body).toHaveLength(5);
    for (const query of [{ query: word }, { query: '' }, { query: word, tags: 'pde' }] as Record<string, string>[]) {
      const last = await search({ ...query, offset: Number.MAX_SAFE_INTEGER });
      expect([last.status, last.body]).toEqual([200, []]);
    }
  });

  it('follows changes: PATCHed description and tags are searched, deleted simulations are gone', async () => {
    const [before, after, tag] = [marker(), marker(), marker()];
    const sim = await registerSimulation(svc, { description: before });
    const developer = await svc.tokenFor('developer');
    await svc
      .http()
      .patch(`/simulations/${sim.id}`)
      .set('X-Session-ID', developer)
      .send({ description: after, tags: [tag] })
      .expect(200);
    expect((await search({ query: before })).body).toEqual([]);
    expect(names((await search({ query: after })).body)).toEqual([sim.name]);
    expect(names((await search({ tags: tag })).body)).toEqual([sim.name]);
    await svc.http().delete(`/simulations/${sim.id}`).set('X-Session-ID', developer).expect(200);
    expect((await search({ query: after })).body).toEqual([]);
    expect((await search({ tags: tag })).body).toEqual([]);
  });

  it('finds names that share words with other simulations (the vocabulary is shared)', async () => {
    const word = marker();
    const a = await registerSimulation(svc, { name: uniqueName(word), description: 'shared words here' });
    const b = await registerSimulation(svc, { name: uniqueName(word), description: 'shared words here' });
    expect(new Set(names((await search({ query: word })).body))).toEqual(new Set([a.name, b.name]));
  });

  it('finds the same after the SQLite vocabulary index is merged, and after more words arrive', async () => {
    const [a, b] = [marker(), marker()];
    const first = await registerSimulation(svc, { description: a });
    const maintainer = svc.nestApp.get(SearchIndexMaintainer);
    expect(await maintainer.optimizeIfGrown()).toBe(svc.backend === 'sqlite');
    expect(await maintainer.optimizeIfGrown()).toBe(false);
    const second = await registerSimulation(svc, { description: `${a} ${b}` });
    expect(names((await search({ query: `${a} ${b}` })).body)).toEqual([second.name, first.name]);
    expect(await maintainer.optimizeIfGrown()).toBe(svc.backend === 'sqlite');
    expect(names((await search({ query: `${a} ${b}` })).body)).toEqual([second.name, first.name]);
  });

  it('searches SQLite on one read worker fewer than the cores (at least one), PostgreSQL on none', async () => {
    await search({ query: marker() }).expect(200);
    const expected = svc.backend === 'sqlite' ? Math.max(1, availableParallelism() - 1) : 0;
    expect(svc.nestApp.get(SnapshotReader).sqliteWorkerCount).toBe(expected);
  });

  // Pages and GET write each simulation from its columns (simulationJson).
  it('sends the same simulations as GET, also for rows an older service version changed', async () => {
    const word = marker();
    const older = await registerSimulation(svc, { description: `first ${word}` });
    const inserted = await registerSimulation(svc, { description: `second ${word}` });
    const current = await registerSimulation(svc, { description: `third ${word}` });
    const db = svc.nestApp.get<StoreDatabase>(storeDatabaseToken(CATALOG_STORE));
    // A PATCH by an older version changes columns and updated_at.
    await db.execute(
      { name: 'test_older_patch', sql: `UPDATE catalog_simulations SET description = $2, updated_at = updated_at + 1 WHERE id = $1` },
      [older.id, `first ${word}, changed by an older version`],
    );

    const viaGet = async (sim: { name: string; version: string }) =>
      (await svc.http().get(`/simulations/${sim.name}`).query({ version: sim.version }).set('X-Session-ID', sessions.user).expect(200))
        .body;
    const expected = [await viaGet(current), await viaGet(inserted), await viaGet(older)];
    expect(expected[2].description).toBe(`first ${word}, changed by an older version`);
    expect((await search({ query: word }).expect(200)).body).toEqual(expected);
    const versions = await svc.http().get(`/simulations/${older.name}/versions`).set('X-Session-ID', sessions.user).expect(200);
    expect(versions.body).toEqual([expected[2]]);
  });

  describe('bad input: 400 in the error shape', () => {
    it.each([
      [{ limit: '0' }, 'limit must be from 1 to 1000'],
      [{ limit: '1001' }, 'limit must be from 1 to 1000'],
      [{ limit: 'ten' }, 'limit must be an integer'],
      [{ offset: '-1' }, 'offset must not be negative'],
      [{ offset: '1.5' }, 'offset must be an integer'],
      [{ offset: '999999999999999999999999999999' }, 'offset must be at most 9007199254740991'],
      [{ offset: '100000000000000000000' }, 'offset must be at most 9007199254740991'],
      [{ query: 'heat', offset: '999999999999999999999999999999' }, 'offset must be at most 9007199254740991'],
      [{ query: ['a', 'b'] }, 'query must be a string'],
      [{ query: 'x'.repeat(1025) }, 'query must be at most 1024 characters'],
      [{ q: 'heat' }, 'property q should not exist'],
    ])('%j', async (query, message) => {
      const response = await search(query as Record<string, string>);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message, details: expect.arrayContaining([message]) });
    });
  });
});
