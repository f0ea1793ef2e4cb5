import { AuthSessionRepository, SessionStateRecord } from '@simsvc/persistence';
import { ACTIVE_TTL_MS, SessionStateCache } from './session-state.cache';
import { SessionStanding } from './session-standing';

const live = (): SessionStateRecord => ({
  revokedAt: null,
  username: null,
  privileges: 'read_cache',
  credentialEpoch: null,
  user: null,
  issuer: null,
});
const revoked = (): SessionStateRecord => ({ ...live(), revokedAt: 1 });
/** The state of a cached standing, which must be there synchronously. */
const cachedState = (standing: SessionStanding | Promise<SessionStanding>) => (standing as SessionStanding).state;
const loadedState = async (standing: SessionStanding | Promise<SessionStanding>) => (await standing).state;

function repositoryWith(records: Map<string, SessionStateRecord>) {
  const findState = jest.fn(async (id: string) => records.get(id) ?? null);
  return { repository: { findState } as unknown as AuthSessionRepository, findState };
}

describe('SessionStateCache', () => {
  afterEach(() => jest.useRealTimers());

  it('asks the store once per TTL for a busy session', async () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const { repository, findState } = repositoryWith(new Map([['s1', live()]]));
    const cache = new SessionStateCache(repository);
    await expect(loadedState(cache.standing('s1'))).resolves.toBe('active');
    for (let i = 0; i < 100; i++) expect(cachedState(cache.standing('s1'))).toBe('active');
    expect(findState).toHaveBeenCalledTimes(1);
    jest.setSystemTime(1_000_000 + ACTIVE_TTL_MS + 1);
    await expect(loadedState(cache.standing('s1'))).resolves.toBe('active');
    expect(findState).toHaveBeenCalledTimes(2);
  });

  it('shares one lookup between concurrent requests', async () => {
    const { repository, findState } = repositoryWith(new Map([['s1', live()]]));
    const cache = new SessionStateCache(repository);
    const states = await Promise.all([1, 2, 3].map(() => loadedState(cache.standing('s1'))));
    expect(states).toEqual(['active', 'active', 'active']);
    expect(findState).toHaveBeenCalledTimes(1);
  });

  it('sees a revocation made elsewhere once the TTL has passed', async () => {
    jest.useFakeTimers({ now: 5_000_000 });
    const records = new Map<string, SessionStateRecord>([['s1', live()]]);
    const cache = new SessionStateCache(repositoryWith(records).repository);
    await cache.standing('s1');
    records.set('s1', revoked());
    expect(cachedState(cache.standing('s1'))).toBe('active');
    jest.setSystemTime(5_000_000 + ACTIVE_TTL_MS + 1);
    await expect(loadedState(cache.standing('s1'))).resolves.toBe('revoked');
  });

  it('applies its own revocations at once, even over a lookup already in flight', async () => {
    const { repository } = repositoryWith(new Map([['s1', live()]]));
    const cache = new SessionStateCache(repository);
    await cache.standing('s1');
    cache.markRevoked(['s1']);
    expect(cachedState(cache.standing('s1'))).toBe('revoked');

    const inFlight = cache.standing('s2');
    cache.markRevoked(['s2']);
    await inFlight;
    expect(cachedState(cache.standing('s2'))).toBe('revoked');
  });

  it('reports sessions the store does not know', async () => {
    const cache = new SessionStateCache(repositoryWith(new Map()).repository);
    await expect(loadedState(cache.standing('nope'))).resolves.toBe('unknown');
  });

  it('does not cache a failed lookup', async () => {
    const findState = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(live());
    const cache = new SessionStateCache({ findState } as unknown as AuthSessionRepository);
    await expect(loadedState(cache.standing('s1'))).rejects.toThrow('down');
    await expect(loadedState(cache.standing('s1'))).resolves.toBe('active');
  });
});
