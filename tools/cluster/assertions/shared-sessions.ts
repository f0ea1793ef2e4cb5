// 1. A session issued by one replica of one service is accepted by every replica of every
//    service; a logout on one is refused everywhere within 5 s.

import { login, logout, sessionState } from '../auth.ts';
import type { HttpResult } from '../http.ts';
import type { Replica } from '../replica.ts';
import { checker, sleep, type Assertion } from './support.ts';

const REFUSAL_DEADLINE_MS = 5000;
const POLL_MS = 100;

const assertion: Assertion = {
  title: 'shared sessions',
  needs: [],
  async run({ topology }) {
    const { all } = topology;
    const c = checker();
    const issuer = all[0];
    const revoker = all[all.length - 1];
    const token = await login(issuer.url, topology.admin);

    // Every replica accepts it (and so now remembers it as live, the hard case for revocation).
    const accepted = await Promise.all(all.map((replica) => sessionState(replica.url, token)));
    accepted.forEach((response, index) =>
      c.check(
        response.status === 200 && response.body?.valid === true,
        `${all[index].name} refused a fresh session: ${response.status || response.error} ${response.text ?? ''}`,
      ),
    );
    const acceptedCount = accepted.filter((response) => response.status === 200).length;

    const out = await logout(revoker.url, token);
    const loggedOutAt = Date.now();
    c.check(out.status === 204, `DELETE /session on ${revoker.name} answered ${out.status || out.error}, expected 204`);

    // Each replica polled until it refuses; the deadline bounds the loop.
    const refusals = await Promise.all(
      all.map(async (replica) => {
        let last: HttpResult = { ms: 0, status: 0, error: 'not polled' };
        while (Date.now() - loggedOutAt <= REFUSAL_DEADLINE_MS) {
          last = await sessionState(replica.url, token, 2000);
          if (last.status === 401) return { replica, ms: Date.now() - loggedOutAt, message: last.body?.message };
          await sleep(POLL_MS);
        }
        return { replica, ms: null, last, message: undefined };
      }),
    );
    for (const refusal of refusals) {
      if (refusal.ms === null)
        c.fail(
          `${refusal.replica.name} still answers ${refusal.last.status || refusal.last.error} to the logged-out session after ${REFUSAL_DEADLINE_MS} ms`,
        );
      else
        c.check(
          refusal.message === 'session revoked',
          `${refusal.replica.name} refused with "${refusal.message}", expected "session revoked"`,
        );
    }
    // And it stays refused.
    const after = await Promise.all(all.map((replica) => sessionState(replica.url, token)));
    after.forEach((response, index) =>
      c.check(response.status === 401, `${all[index].name} accepts the session again (${response.status})`),
    );

    const slowest = refusals.reduce<{ ms: number; replica?: Replica }>(
      (max, r) => (r.ms !== null && r.ms > max.ms ? { ms: r.ms, replica: r.replica } : max),
      {
        ms: -1,
      },
    );
    return c.done(
      `issued by ${issuer.name}, accepted by ${acceptedCount}/${all.length} replicas; logout on ${revoker.name}; ` +
        `refused by ${refusals.filter((r) => r.ms !== null).length}/${all.length} within ${Math.max(slowest.ms, 0)} ms (slowest ${slowest.replica?.name ?? '-'}, limit ${REFUSAL_DEADLINE_MS} ms)`,
    );
  },
};

export default assertion;
