import { useSessions } from '@simsvc/testing';
import { entryPath, makeEntry, useCacheService } from './support/cache-test-service';

// Issue 12, item 10: PostgreSQL stores no U+0000 in text or jsonb. A body, query or path holding
// one is refused with 400 on both backends, before anything is stored.
describe('cache: U+0000 in requests', () => {
  const svc = useCacheService();
  const sessions = useSessions(svc, 'user');

  const entries = async () =>
    (await svc.http().get('/cache/entries?limit=1000').set('X-Session-ID', sessions.user).expect(200)).body.entries;

  it('refuses U+0000 in a key, a value or an object key of an entry with 400, storing nothing', async () => {
    const before = await entries();
    for (const entry of [
      makeEntry({ cache_key: 'nul/\u0000' }),
      makeEntry({ cache_key: 'nul/value', squid_id: 'a\u0000b' }),
      makeEntry({ cache_key: 'nul/metadata', metadata: { note: ['x\u0000'] } }),
      makeEntry({ cache_key: 'nul/object-key', metadata: { ['k\u0000']: 1 } }),
    ]) {
      const response = await svc.http().post('/cache').set('X-Session-ID', sessions.user).send(entry);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: 'request body must not contain U+0000' });
    }
    expect(await entries()).toEqual(before);
  });

  it('refuses U+0000 in a query string and a path with 400', async () => {
    const query = await svc.http().get('/cache/entries?simulation_name=%00').set('X-Session-ID', sessions.user);
    expect({ status: query.status, message: query.body.message }).toEqual({ status: 400, message: 'query string must not contain U+0000' });
    const path = await svc.http().get(entryPath('a\u0000b')).set('X-Session-ID', sessions.user);
    // Refused before routing, for every path of every service (issue 22, item 13).
    expect({ status: path.status, message: path.body.message }).toEqual({ status: 400, message: 'URL path must not contain U+0000' });
    // Other control characters stay the key's own rule.
    const control = await svc.http().get(entryPath('a\u0001b')).set('X-Session-ID', sessions.user);
    expect({ status: control.status, message: control.body.message }).toEqual({
      status: 400,
      message: 'cache_key must not contain control characters',
    });
  });
});
