import { RecordingServer } from '../../test/support/recording-server';
import { createSimsvcClient } from './simsvc-client';
import { SimsvcError } from './simsvc-error';

// The session flow against a real HTTP server on loopback standing in for the cache service.

const TOKEN_BODY = (token: string) => ({
  token,
  session_id: token,
  username: 'alice',
  role: 'user',
  privileges: ['read_cache'],
  expires_at: '2026-11-25T10:00:00.000000',
});
const UNAUTHORIZED = { statusCode: 401, error: 'Unauthorized', message: 'session expired' };

describe('session flow', () => {
  const server = RecordingServer.forSuite();

  const clientOf = (session?: string) => createSimsvcClient({ cacheUrl: server.url, catalogUrl: 'http://127.0.0.1:1', session });

  it('login posts the credentials to the cache service and keeps the token as the session', async () => {
    server.reply = () => ({ body: TOKEN_BODY('login-token') });
    const client = clientOf();
    await expect(client.session.login({ username: 'alice', password: 'secret' })).resolves.toEqual(TOKEN_BODY('login-token'));
    expect(server.last).toMatchObject({ method: 'POST', url: '/session/login' });
    expect(JSON.parse(server.last.body)).toEqual({ username: 'alice', password: 'secret' });
    expect(server.last.headers['x-session-id']).toBeUndefined();
    expect(client.sessionId).toBe('login-token');
  });

  it('anonymous sends an empty body by default, the given one otherwise, with the current session', async () => {
    server.reply = () => ({ body: TOKEN_BODY('anonymous-token') });
    const client = clientOf();
    await client.session.anonymous();
    expect(JSON.parse(server.last.body)).toEqual({});
    expect(client.sessionId).toBe('anonymous-token');
    await client.session.anonymous({ privileges: ['developer'], lifetime_hours: 2 });
    expect(JSON.parse(server.last.body)).toEqual({ privileges: ['developer'], lifetime_hours: 2 });
    expect(server.last.headers['x-session-id']).toBe('anonymous-token');
  });

  it('refresh replaces the session with the new token', async () => {
    server.reply = () => ({ body: { token: 'new', session_id: 'new', expires_at: '2026-11-26T10:00:00.000000' } });
    const client = clientOf('old');
    await client.session.refresh();
    expect(server.last).toMatchObject({ method: 'POST', url: '/session/refresh', headers: { 'x-session-id': 'old' } });
    expect(client.sessionId).toBe('new');
  });

  it('current asks GET /session with the session', async () => {
    const info = { valid: true, username: 'alice', role: 'user', privileges: [], expires_at: '2026-11-26T10:00:00.000000' };
    server.reply = () => ({ body: info });
    await expect(clientOf('t').session.current()).resolves.toEqual(info);
    expect(server.last).toMatchObject({ method: 'GET', url: '/session', headers: { 'x-session-id': 't' } });
  });

  it('logout revokes the session on the server and forgets it', async () => {
    server.reply = () => ({ status: 204 });
    const client = clientOf('t');
    await expect(client.session.logout()).resolves.toBeUndefined();
    expect(server.last).toMatchObject({ method: 'DELETE', url: '/session', headers: { 'x-session-id': 't' } });
    expect(client.sessionId).toBeUndefined();
  });

  it('logout of a session the server refuses (401) forgets it and still throws', async () => {
    server.reply = () => ({ status: 401, body: UNAUTHORIZED });
    const client = clientOf('expired');
    await expect(client.session.logout()).rejects.toMatchObject({ status: 401, message: 'session expired' });
    expect(client.sessionId).toBeUndefined();
  });

  it('logout that fails otherwise keeps the session', async () => {
    server.reply = () => ({ status: 503, body: { statusCode: 503, error: 'Service Unavailable', message: 'database unavailable' } });
    const client = clientOf('kept');
    await expect(client.session.logout()).rejects.toBeInstanceOf(SimsvcError);
    expect(client.sessionId).toBe('kept');
  });

  it('a failed login leaves the session as it was', async () => {
    server.reply = () => ({ status: 401, body: { ...UNAUTHORIZED, message: 'invalid username or password' } });
    const client = clientOf('before');
    await expect(client.session.login({ username: 'alice', password: 'wrong' })).rejects.toMatchObject({ status: 401 });
    expect(client.sessionId).toBe('before');
  });
});
