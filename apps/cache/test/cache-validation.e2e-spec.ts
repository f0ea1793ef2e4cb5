import { useSessions } from '@simsvc/testing';
import { entryPath, makeEntry, useCacheService } from './support/cache-test-service';

/** Bad input: a clear 4xx in the contract's shape, and the store exactly as before. */
describe('cache bad input', () => {
  const svc = useCacheService();
  const sessions = useSessions(svc, 'user', 'developer');

  beforeAll(async () => {
    await svc
      .http()
      .post('/cache')
      .set('X-Session-ID', sessions.user)
      .send(makeEntry({ cache_key: 'existing/key', simulation_id: 5 }))
      .expect(200);
  });

  const snapshot = async () => {
    const entries = await svc.http().get('/cache/entries?limit=1000').set('X-Session-ID', sessions.user).expect(200);
    const stats = await svc.http().get('/cache/stats').set('X-Session-ID', sessions.user).expect(200);
    const audit = await svc.http().get('/cache/invalidations').set('X-Session-ID', sessions.user).expect(200);
    return { entries: entries.body.entries, stats: stats.body, audit: audit.body.total };
  };

  const expectRejected = async (
    send: () => Promise<{ status: number; body: Record<string, unknown> }>,
    status: number,
    message: string | RegExp,
  ) => {
    const before = await snapshot();
    const response = await send();
    expect(response.status).toBe(status);
    expect(response.body).toMatchObject({ statusCode: status, error: expect.any(String) });
    expect(response.body.message).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(JSON.stringify(response.body)).not.toMatch(/at \w+ \(|SELECT|INSERT|\/work\//);
    expect(await snapshot()).toEqual(before);
    return response.body;
  };

  const post = (body: unknown) => () =>
    svc
      .http()
      .post('/cache')
      .set('X-Session-ID', sessions.user)
      .send(body as object);
  const { ttl_hours: _ttl, ...withoutTtl } = makeEntry({ cache_key: 'never/stored' });

  describe('POST /cache fields', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['missing cache_key', { cache_key: undefined }, 'cache_key must be a string'],
      ['empty cache_key', { cache_key: '' }, 'cache_key must be 1 to 1024 characters'],
      ['too long cache_key', { cache_key: 'k'.repeat(1025) }, 'cache_key must be 1 to 1024 characters'],
      ['control character in cache_key', { cache_key: 'bad\nkey' }, 'cache_key must not contain control characters'],
      ['DEL in cache_key', { cache_key: 'bad\u007fkey' }, 'cache_key must not contain control characters'],
      ['reserved cache_key stats', { cache_key: 'stats' }, 'cache_key must not be one of stats, entries, invalidations'],
      ['reserved cache_key entries', { cache_key: 'entries' }, 'cache_key must not be one of stats, entries, invalidations'],
      ['reserved cache_key invalidations', { cache_key: 'invalidations' }, 'cache_key must not be one of stats, entries, invalidations'],
      ['numeric cache_key', { cache_key: 42 }, 'cache_key must be a string'],
      ['missing simulation_id', { simulation_id: undefined }, 'simulation_id must be an integer'],
      ['string simulation_id', { simulation_id: '5' }, 'simulation_id must be an integer'],
      ['fractional simulation_id', { simulation_id: 1.5 }, 'simulation_id must be an integer'],
      ['negative simulation_id', { simulation_id: -1 }, 'simulation_id must be from 0 to 2147483647'],
      ['too large simulation_id', { simulation_id: 2147483648 }, 'simulation_id must be from 0 to 2147483647'],
      ['null simulation_name', { simulation_name: null }, 'simulation_name must be a string of at most 1024 characters'],
      ['too long execution_id', { execution_id: 'e'.repeat(1025) }, 'execution_id must be a string of at most 1024 characters'],
      ['numeric squid_id', { squid_id: 7 }, 'squid_id must be a string of at most 1024 characters'],
      ['missing input_hash', { input_hash: undefined }, 'input_hash must be a string of at most 1024 characters'],
      ['too long run_db_path', { run_db_path: `/${'p'.repeat(4096)}` }, 'run_db_path must be a string of at most 4096 characters'],
      ['zero ttl_hours', { ttl_hours: 0 }, 'ttl_hours must be a positive number'],
      ['negative ttl_hours', { ttl_hours: -1 }, 'ttl_hours must be a positive number'],
      ['too long ttl_hours', { ttl_hours: 87601 }, 'ttl_hours must be at most 87600'],
      ['string ttl_hours', { ttl_hours: '24' }, 'ttl_hours must be a positive number'],
      ['both TTLs', { ttl_hours: 1, ttl_seconds: 60 }, 'give ttl_hours or ttl_seconds, not both'],
      ['negative ttl_seconds', { ttl_hours: undefined, ttl_seconds: -1 }, 'ttl_seconds must be a non-negative number'],
      ['string ttl_seconds', { ttl_hours: undefined, ttl_seconds: '0' }, 'ttl_seconds must be a non-negative number'],
      ['too long ttl_seconds', { ttl_hours: undefined, ttl_seconds: 87600 * 3600 + 1 }, 'ttl_seconds must be at most 315360000'],
      ['array metadata', { metadata: [1, 2] }, 'metadata must be a JSON object of at most 65536 bytes'],
      ['string metadata', { metadata: 'note' }, 'metadata must be a JSON object of at most 65536 bytes'],
      ['oversized metadata', { metadata: { blob: 'x'.repeat(64 * 1024) } }, 'metadata must be a JSON object of at most 65536 bytes'],
      ['unknown field', { colour: 'blue' }, 'property colour should not exist'],
    ];

    it.each(cases)('rejects %s', async (_name, change, message) => {
      const body = { ...makeEntry({ cache_key: 'never/stored' }), ...change };
      const error = await expectRejected(post(body), 400, message);
      expect(error.details).toEqual(expect.arrayContaining([message]));
    });

    // Contract §1: one line per failed constraint. A value failing several rules that share a
    // message (the range rules of a non-integer, the type and sign rules of a TTL) gives it once.
    it.each([
      [
        'a string simulation_id',
        { simulation_id: 'abc' },
        ['simulation_id must be an integer', 'simulation_id must be from 0 to 2147483647'],
      ],
      ['a fractional simulation_id', { simulation_id: 1.5 }, ['simulation_id must be an integer']],
      [
        'a string ttl_seconds',
        { ttl_hours: undefined, ttl_seconds: 'soon' },
        ['ttl_seconds must be a non-negative number', 'ttl_seconds must be at most 315360000'],
      ],
      ['a negative ttl_seconds', { ttl_hours: undefined, ttl_seconds: -5 }, ['ttl_seconds must be a non-negative number']],
      ['a string ttl_hours', { ttl_hours: 'day' }, ['ttl_hours must be a positive number', 'ttl_hours must be at most 87600']],
      [
        'several fields at once',
        { simulation_id: 'abc', ttl_hours: -1, cache_key: '' },
        [
          'cache_key must be 1 to 1024 characters',
          'simulation_id must be an integer',
          'simulation_id must be from 0 to 2147483647',
          'ttl_hours must be a positive number',
        ],
      ],
    ])('lists each failed constraint of %s once in details', async (_name, change, details) => {
      const error = await expectRejected(post({ ...makeEntry({ cache_key: 'never/stored' }), ...change }), 400, details[0]);
      expect(error.details).toEqual(details);
    });

    it('accepts run_db_path of exactly 4096 characters and metadata of exactly 64 KiB', async () => {
      const metadata = { blob: 'x'.repeat(64 * 1024 - '{"blob":""}'.length) };
      const entry = makeEntry({ run_db_path: 'p'.repeat(4096), metadata });
      await post(entry)().then((response) => expect(response.status).toBe(200));
      await svc
        .http()
        .delete(entryPath(entry.cache_key as string))
        .set('X-Session-ID', sessions.developer)
        .expect(200);
    });

    it('rejects a body that is not a JSON object', async () => {
      await expectRejected(post([withoutTtl]), 400, 'request body must be a JSON object');
      await expectRejected(
        () => svc.http().post('/cache').set('X-Session-ID', sessions.user).set('Content-Type', 'application/json').send('"text"'),
        400,
        'request body must be a JSON object',
      );
      await expectRejected(() => svc.http().post('/cache').set('X-Session-ID', sessions.user), 400, 'request body must be a JSON object');
    });
  });

  describe('body shape (every service, before validation)', () => {
    const tooDeep = 'request body is nested more than 72 levels deep';
    const proto = 'request body must not use __proto__ as a key';
    /** A JSON object nested `depth` levels: {"a":{"a":…1…}}. */
    const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    /** An entry body as JSON text, `metadata` given as text (JSON.stringify would reject or rewrite it). */
    const entryText = (key: string, metadataJson: string) => {
      const { metadata: _metadata, ...rest } = makeEntry({ cache_key: key });
      return `${JSON.stringify(rest).slice(0, -1)},"metadata":${metadataJson}}`;
    };
    const postText =
      (text: string, session = sessions.user) =>
      () =>
        svc.http().post('/cache').set('X-Session-ID', session).set('Content-Type', 'application/json').send(text);
    const expectAbsent = async (key: string) => {
      await svc.http().get(entryPath(key)).set('X-Session-ID', sessions.user).expect(404);
    };

    it('refuses metadata of 10,000 nested objects (well under 1 MiB) with 400, storing nothing', async () => {
      const text = entryText('deep/objects', deepObject(10_000));
      expect(text.length).toBeLessThan(1024 * 1024);
      const error = await expectRejected(postText(text), 400, tooDeep);
      expect(error).toEqual({ statusCode: 400, error: 'Bad Request', message: tooDeep, details: [tooDeep] });
      await expectAbsent('deep/objects');
    });

    it('refuses metadata of 10,000 nested arrays with 400, storing nothing', async () => {
      const error = await expectRejected(
        postText(entryText('deep/arrays', `{"a":${'['.repeat(10_000)}${']'.repeat(10_000)}}`)),
        400,
        tooDeep,
      );
      expect(error.details).toEqual([tooDeep]);
      await expectAbsent('deep/arrays');
    });

    it('accepts metadata nested to the limit', async () => {
      // metadata is 71 nested objects: the body is at depth 0, so the innermost one is at 71 < 72.
      await postText(entryText('deep/allowed', deepObject(71)))().then((response) => expect(response.status).toBe(200));
      await svc.http().delete(entryPath('deep/allowed')).set('X-Session-ID', sessions.developer).expect(200);
    });

    it('refuses a __proto__ key in metadata or at the top level with 400 instead of dropping it, storing nothing', async () => {
      const nestedProto = await expectRejected(
        postText(entryText('proto/nested', '{"user":"alice","__proto__":{"admin":true}}')),
        400,
        proto,
      );
      expect(nestedProto).toEqual({ statusCode: 400, error: 'Bad Request', message: proto, details: [proto] });
      await expectAbsent('proto/nested');
      const topLevel = `${JSON.stringify(makeEntry({ cache_key: 'proto/top' })).slice(0, -1)},"__proto__":{"ttl_hours":1}}`;
      await expectRejected(postText(topLevel), 400, proto);
      await expectAbsent('proto/top');
    });

    it('refuses a deep or __proto__ body on POST /cache/invalidate, invalidating nothing', async () => {
      const send = (text: string) => () =>
        svc.http().post('/cache/invalidate').set('X-Session-ID', sessions.developer).set('Content-Type', 'application/json').send(text);
      await expectRejected(send(`{"pattern":"*","reason":${deepObject(10_000)}}`), 400, tooDeep);
      await expectRejected(send('{"pattern":"*","__proto__":{"simulation_id":5}}'), 400, proto);
    });

    it('still answers 401 and 403 before looking at the body', async () => {
      const deep = entryText('deep/unauthorized', deepObject(10_000));
      await expectRejected(
        () => svc.http().post('/cache').set('Content-Type', 'application/json').send(deep),
        401,
        'missing X-Session-ID header',
      );
      await expectRejected(
        () =>
          svc
            .http()
            .post('/cache/invalidate')
            .set('X-Session-ID', sessions.user)
            .set('Content-Type', 'application/json')
            .send(`{"pattern":${deepObject(10_000)}}`),
        403,
        'missing privilege invalidate_cache',
      );
    });
  });

  describe('contract §1 body rules', () => {
    it('answers 415 to a body that is not application/json', async () => {
      await expectRejected(
        () =>
          svc.http().post('/cache').set('X-Session-ID', sessions.user).set('Content-Type', 'text/plain').send(JSON.stringify(withoutTtl)),
        415,
        'request body must be application/json',
      );
    });

    it('answers 400 to malformed JSON', async () => {
      await expectRejected(
        () => svc.http().post('/cache').set('X-Session-ID', sessions.user).set('Content-Type', 'application/json').send('{"cache_key": '),
        400,
        'malformed JSON body',
      );
    });

    it('answers 413 to a body over 1 MiB', async () => {
      const huge = { ...withoutTtl, metadata: { blob: 'x'.repeat(1024 * 1024) } };
      await expectRejected(post(huge), 413, 'request body exceeds 1048576 bytes');
    });
  });

  describe('POST /cache/invalidate', () => {
    const invalidate = (body: unknown) => () =>
      svc
        .http()
        .post('/cache/invalidate')
        .set('X-Session-ID', sessions.developer)
        .send(body as object);

    it('needs at least one selector', async () => {
      await expectRejected(invalidate({}), 400, 'give at least one of simulation_id, simulation_name, simulation_version, pattern');
      await expectRejected(
        invalidate({ reason: 'only a reason' }),
        400,
        'give at least one of simulation_id, simulation_name, simulation_version, pattern',
      );
      await expectRejected(
        invalidate({ simulation_id: null, pattern: null }),
        400,
        'give at least one of simulation_id, simulation_name, simulation_version, pattern',
      );
    });

    it.each([
      [{ simulation_id: 'x' }, 'simulation_id must be an integer'],
      [{ simulation_id: -1 }, 'simulation_id must be from 0 to 2147483647'],
      [{ pattern: 5 }, 'pattern must be a string'],
      [{ pattern: '*', everything: true }, 'property everything should not exist'],
    ])('rejects %j', async (body, message) => {
      await expectRejected(invalidate(body), 400, message);
    });
  });

  describe('query parameters and keys', () => {
    it.each([
      ['/cache/stats?simulation_id=abc', 'simulation_id must be an integer'],
      ['/cache/stats?simulation_id=-1', 'simulation_id must be from 0 to 2147483647'],
      ['/cache/entries?limit=0', 'limit must be from 1 to 1000'],
      ['/cache/entries?limit=1001', 'limit must be from 1 to 1000'],
      ['/cache/entries?limit=ten', 'limit must be an integer'],
      ['/cache/entries?offset=-1', 'offset must not be negative'],
      ['/cache/entries?offset=999999999999999999999999999999', 'offset must be at most 9007199254740991'],
      ['/cache/entries?offset=100000000000000000000', 'offset must be at most 9007199254740991'],
      ['/cache/entries?offset=9007199254740993', 'offset must be at most 9007199254740991'],
      ['/cache/invalidations?offset=999999999999999999999999999999', 'offset must be at most 9007199254740991'],
      ['/cache/entries?simulation_id=999999999999999999999999999999', 'simulation_id must be from 0 to 2147483647'],
      ['/cache/stats?simulation_id=100000000000000000000', 'simulation_id must be from 0 to 2147483647'],
      ['/cache/invalidations?limit=5000', 'limit must be from 1 to 1000'],
      ['/cache/existing/key?simulation_id=-3', 'simulation_id must be from 0 to 2147483647'],
      ['/cache/entries?colour=blue', 'property colour should not exist'],
      ['/cache/entries?__proto__=1', 'property __proto__ should not exist'],
      ['/cache/entries?offset=0x10', 'offset must be an integer'],
      ['/cache/entries?offset=1e300', 'offset must be an integer'],
      ['/cache/entries?limit=1e1', 'limit must be an integer'],
      ['/cache/entries?limit=10.0', 'limit must be an integer'],
      ['/cache/entries?limit=', 'limit must be an integer'],
      ['/cache/stats?simulation_id=%2B5', 'simulation_id must be an integer'],
    ])('GET %s → 400', async (path, message) => {
      await expectRejected(() => svc.http().get(path).set('X-Session-ID', sessions.user), 400, message);
    });

    it('accepts the largest offset, 2^53 - 1: an empty page', async () => {
      const offset = Number.MAX_SAFE_INTEGER;
      const entries = await svc.http().get(`/cache/entries?offset=${offset}`).set('X-Session-ID', sessions.user).expect(200);
      expect(entries.body).toMatchObject({ entries: [], limit: 50, offset });
      const audit = await svc.http().get(`/cache/invalidations?offset=${offset}`).set('X-Session-ID', sessions.user).expect(200);
      expect(audit.body).toMatchObject({ limit: 50, offset });
    });

    it('rejects a key longer than 1024 characters, malformed percent-encoding and control characters', async () => {
      await expectRejected(
        () =>
          svc
            .http()
            .get(`/cache/${'k'.repeat(1025)}`)
            .set('X-Session-ID', sessions.user),
        400,
        'cache_key must be 1 to 1024 characters',
      );
      await expectRejected(
        () => svc.http().get('/cache/bad%E0%A4%Akey').set('X-Session-ID', sessions.user),
        400,
        'URL path is not valid percent-encoding',
      );
      await expectRejected(
        () => svc.http().get('/cache/bad%0Akey').set('X-Session-ID', sessions.user),
        400,
        'cache_key must not contain control characters',
      );
      await expectRejected(
        () => svc.http().delete('/cache/bad%ZZ').set('X-Session-ID', sessions.developer),
        400,
        'URL path is not valid percent-encoding',
      );
    });
  });
});
