import { ADMIN, useSessions } from '@simsvc/testing';
import { AuthUserRepository } from '@simsvc/persistence';
import { startCacheService, useCacheService } from './support/cache-test-service';

// Issue 12, item 1: the privileges in force are those of the session row and the user's current
// role; a role change ends the user's sessions and the anonymous sessions they minted; no change
// may leave the store without an enabled admin.

describe('privileges checked against the session', () => {
  const svc = useCacheService();
  const sessions = useSessions(svc, 'admin');
  let sequence = 0;

  const whoAmI = (token: string) => svc.http().get('/session').set('X-Session-ID', token);
  const patchUser = (token: string, username: string, body: Record<string, unknown>) =>
    svc.http().patch(`/users/${username}`).set('X-Session-ID', token).send(body);
  const mint = (token: string, privileges: string[]) =>
    svc.http().post('/session/anonymous').set('X-Session-ID', token).send({ privileges });

  async function createAdmin(): Promise<{ username: string; password: string }> {
    sequence += 1;
    const user = { username: `admin-${sequence}`, password: `admin-password-${sequence}` };
    await svc
      .http()
      .post('/users')
      .set('X-Session-ID', sessions.admin)
      .send({ ...user, role: 'admin' })
      .expect(201);
    return user;
  }

  it('takes everything from a demoted admin: their old token, and what they minted before', async () => {
    const admin2 = await createAdmin();
    const other = await createAdmin();
    const token = await svc.login(admin2.username, admin2.password);
    const minted = (await mint(token, ['manage_users']).expect(200)).body.token;

    await patchUser(sessions.admin, admin2.username, { role: 'user' }).expect(200);

    const described = await whoAmI(token);
    expect(described.status).toBe(401);
    expect(described.body.role).not.toBe('admin');
    expect([401, 403]).toContain((await patchUser(token, admin2.username, { role: 'admin' })).status);
    expect([401, 403]).toContain((await patchUser(token, other.username, { role: 'user' })).status);
    const created = await svc
      .http()
      .post('/users')
      .set('X-Session-ID', minted)
      .send({ username: 'evil', password: 'evil-password', role: 'admin' });
    expect([401, 403]).toContain(created.status);
    expect([401, 403]).toContain((await svc.http().post('/session/refresh').set('X-Session-ID', minted)).status);
    await svc.http().get('/users/evil').set('X-Session-ID', sessions.admin).expect(404);
    expect((await svc.http().get(`/users/${other.username}`).set('X-Session-ID', sessions.admin).expect(200)).body.role).toBe('admin');
  });

  it('ends sessions on disabling and on a password change, and what they minted', async () => {
    for (const change of [{ disabled: true }, { password: 'a-new-password-1' }]) {
      const adminN = await createAdmin();
      const token = await svc.login(adminN.username, adminN.password);
      const minted = (await mint(token, ['developer']).expect(200)).body.token;
      await patchUser(sessions.admin, adminN.username, change).expect(200);
      expect((await whoAmI(token).expect(401)).body.message).toBe('session revoked');
      expect((await whoAmI(minted).expect(401)).body.message).toBe('session revoked');
    }
  });

  it('never lets an anonymous session hold more than its minter holds now', async () => {
    const minter = await createAdmin();
    const token = await svc.login(minter.username, minter.password);
    const minted = (await mint(token, ['manage_users']).expect(200)).body.token;
    // A change that bypasses the API (a row edited by hand): the per-request check still applies it within 5 s.
    const repository = svc.nestApp.get(AuthUserRepository);
    await repository.update(minter.username, { role: 'user' }, Date.now() * 1000, () => ({ allowed: true, endSessions: false }));
    const deadline = Date.now() + 5000;
    let status = 201;
    while (Date.now() < deadline && status !== 403) {
      status = (await svc.http().get('/users').set('X-Session-ID', minted)).status;
      if (status !== 403) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(403);
    expect((await whoAmI(minted).expect(200)).body.privileges).not.toContain('manage_users');
  });

  it('refuses with 409 to demote, disable or delete the last enabled admin, and changes nothing', async () => {
    const solo = await startCacheService();
    try {
      const soloAdmin = await solo.tokenFor('admin');
      const expected = { statusCode: 409, error: 'Conflict', message: 'the last enabled admin cannot be demoted, disabled or deleted' };
      for (const change of [{ role: 'developer' }, { disabled: true }]) {
        const refused = await solo.http().patch(`/users/${ADMIN.username}`).set('X-Session-ID', soloAdmin).send(change).expect(409);
        expect(refused.body).toEqual(expected);
      }
      expect((await solo.http().delete(`/users/${ADMIN.username}`).set('X-Session-ID', soloAdmin).expect(409)).body).toEqual(expected);
      const stored = (await solo.http().get(`/users/${ADMIN.username}`).set('X-Session-ID', soloAdmin).expect(200)).body;
      expect(stored).toMatchObject({ role: 'admin', disabled: false });
      await solo.http().get('/session').set('X-Session-ID', soloAdmin).expect(200);

      // With a second enabled admin the first may go; two admins demoting each other at once leave one.
      const second = { username: 'second-admin', password: 'second-admin-password' };
      await solo
        .http()
        .post('/users')
        .set('X-Session-ID', soloAdmin)
        .send({ ...second, role: 'admin' })
        .expect(201);
      const secondToken = await solo.login(second.username, second.password);
      const answers = await Promise.all([
        solo.http().patch(`/users/${second.username}`).set('X-Session-ID', soloAdmin).send({ role: 'user' }),
        solo.http().patch(`/users/${ADMIN.username}`).set('X-Session-ID', secondToken).send({ role: 'user' }),
      ]);
      // The loser is refused (409), or already out: the winner's change ended its session first (401).
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses[0]).toBe(200);
      expect([401, 409]).toContain(statuses[1]);
      const { users } = await solo.nestApp.get(AuthUserRepository).list(100, 0);
      expect(users.filter((user) => user.role === 'admin' && !user.disabled)).toHaveLength(1);
    } finally {
      await solo.close();
    }
  });
});
