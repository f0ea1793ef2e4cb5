// 3. 200 concurrent POST /executions state moves on one execution never skip the state machine:
//    exactly one terminal state wins and every request for another terminal state gets 409.
//    (Re-sending the state already reached is a no-op 200, contract §5, so requests for the
//    winning state may also answer 200.)

import { waitForBalance } from '../balance.ts';
import { client, createAgent, countBy, type Client } from '../http.ts';
import { checker, uniqueId, formatCounts, statusOf, type Assertion, type Checker } from './support.ts';

const MOVES = 200;
const TERMINAL = ['completed', 'failed', 'cancelled', 'cached'];

/** One round: create the execution in `initial`, then fire `wanted` all at once. */
async function round(catalog: Client, simulationId: number, initial: string, wanted: string[], c: Checker, label: string): Promise<string> {
  const executionId = uniqueId(`cluster-exec-${initial}`);
  const created = await catalog.post('/executions', { execution_id: executionId, simulation_id: simulationId, status: initial });
  if (
    !c.check(created.status === 201, `${label}: creating ${executionId} answered ${statusOf(created)} ${created.text ?? ''}, expected 201`)
  )
    return `${label}: not run`;

  const responses = await Promise.all(
    wanted.map((status) =>
      catalog.post<{ status?: string }>('/executions', { execution_id: executionId, simulation_id: simulationId, status }),
    ),
  );
  const final = await catalog.get<{ status?: string }>(`/executions/${encodeURIComponent(executionId)}`);
  const finalStatus = final.body?.status;

  const byStatus = countBy(responses, statusOf);
  const unexpected = Object.keys(byStatus).filter((status) => status !== '200' && status !== '409');
  c.check(unexpected.length === 0, `${label}: answers other than 200/409: ${formatCounts(byStatus)}`);
  const winners = [...new Set(wanted.filter((status, i) => TERMINAL.includes(status) && responses[i].status === 200))];
  c.check(
    winners.length === 1,
    `${label}: ${winners.length} terminal states were accepted (${winners.join(', ') || 'none'}), expected exactly 1`,
  );
  c.check(
    finalStatus !== undefined && TERMINAL.includes(finalStatus),
    `${label}: final status ${finalStatus ?? statusOf(final)}, expected a terminal one`,
  );
  c.check(
    winners.length !== 1 || winners[0] === finalStatus,
    `${label}: ${winners[0]} was accepted but the execution ended ${finalStatus}`,
  );
  wanted.forEach((status, i) => {
    const response = responses[i];
    if (response.status === 200 && response.body?.status !== status)
      c.fail(`${label}: a move to ${status} answered 200 with status ${response.body?.status}`);
    if (TERMINAL.includes(status) && status !== finalStatus && response.status !== 409)
      c.fail(`${label}: a move to ${status} after ${finalStatus} answered ${statusOf(response)}, expected 409`);
  });
  const accepted = countBy(
    wanted.filter((_, i) => responses[i].status === 200),
    (status) => status,
  );
  return `${label}: ${finalStatus} won; 200 ${formatCounts(accepted)}; 409×${byStatus['409'] ?? 0}`;
}

const assertion: Assertion = {
  title: 'execution state machine',
  needs: ['catalog'],
  async run({ topology, nginx, token }) {
    const c = checker();
    const agent = createAgent(MOVES);
    const catalog = client(nginx.urls.catalog, { token, agent, timeoutMs: 60_000 });
    try {
      await waitForBalance(nginx, topology.replicas.catalog);
      const simulation = await catalog.post<{ id: number }>('/simulations', {
        name: uniqueId('cluster-sim'),
        version: '1.0.0',
        description: 'cluster test',
      });
      const simulationId = simulation.body?.id;
      if (
        !c.check(
          simulation.status === 201 && Number.isInteger(simulationId),
          `POST /simulations answered ${statusOf(simulation)} ${simulation.text ?? ''}`,
        ) ||
        simulationId === undefined
      ) {
        return c.done('no simulation to record executions of');
      }
      // From pending: running and the four terminal states race (running may legally come first).
      const mixed = Array.from({ length: MOVES }, (_, i) => ['running', ...TERMINAL][i % 5]);
      const fromPending = await round(catalog, simulationId, 'pending', mixed, c, 'from pending');
      // From running: only terminal states race.
      const terminal = Array.from({ length: MOVES }, (_, i) => TERMINAL[i % 4]);
      const fromRunning = await round(catalog, simulationId, 'running', terminal, c, 'from running');
      return c.done(`${MOVES} concurrent moves per execution through nginx; ${fromPending}; ${fromRunning}`);
    } finally {
      agent.destroy();
    }
  },
};

export default assertion;
