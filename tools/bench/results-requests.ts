// The results benchmark's runs and requests: one simulation's results as POST /register_direct
// bodies, and the search and aggregate bodies its scenarios send.
import { random } from './harness.ts';
import { MODES, sweepParameters } from './sweep/parameters.ts';

export const SIMULATION = 'bench-sim';

export const directBody = (index: number): Record<string, unknown> => {
  const { inputs, outputs } = sweepParameters(index);
  return {
    execution_id: `bench-${index}`,
    simulation_name: SIMULATION,
    simulation_version: '1.0.0',
    status: 'completed',
    squid_id: `${SIMULATION}/1.0.0/bench-${index}`,
    duration_seconds: 1 + (index % 100) / 10,
    input_params: inputs,
    output_params: outputs,
  };
};

export const post = (url: string, token: string, route: string, body: unknown): Promise<Response> =>
  fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-session-id': token },
    body: JSON.stringify(body),
  });

/**
 * Search scenarios. `narrow`: an input range of 2 % and an output range of 10 % of their spans,
 * so about 0.2 % of the runs (≈ 200) match: a typical "runs near this operating point" query.
 * `broad`: 20 % and 40 %, about 8 % (≈ 8,000) match, for a search that selects a lot.
 */
export type SearchBody = Record<string, unknown>;

export function rangeSearch(inputShare: number, outputShare: number): () => SearchBody {
  const next = random(Date.now() & 0xffff);
  return () => {
    const x = next() * (100 - 100 * inputShare);
    const y = next() * (1000 - 1000 * outputShare);
    const k = Math.floor(next() * 9);
    return {
      simulation_name: SIMULATION,
      input_filters: { [`x${k}`]: { $gte: x, $lt: x + 100 * inputShare } },
      output_filters: { [`y${k}`]: { $gte: y, $lte: y + 1000 * outputShare } },
      limit: 50,
    };
  };
}

/** Sweep questions (issue 24): an input range keeping ~1 %, the best 50 runs by an output. */
export function bestRunsSearch(): () => SearchBody {
  const next = random((Date.now() + 1) & 0xffff);
  return () => {
    const x = next() * 99;
    const k = Math.floor(next() * 9);
    return {
      simulation_name: SIMULATION,
      input_filters: { [`x${k}`]: { $gte: x, $lt: x + 1 } },
      order_by: [{ class: 'output', name: `y${k}`, direction: 'desc' }],
      limit: 50,
    };
  };
}

/** The same aggregated: 4 outputs and a 50-bin histogram under the ~1 % range. */
export function rangeAggregate(): () => SearchBody {
  const next = random((Date.now() + 2) & 0xffff);
  return () => {
    const x = next() * 99;
    return {
      simulation_name: SIMULATION,
      input_filters: { x0: { $gte: x, $lt: x + 1 } },
      params: [0, 1, 2, 3].map((k) => ({ class: 'output', name: `y${k}` })),
      histogram: { class: 'output', name: 'y0', bins: 50 },
    };
  };
}

/** Every run by an output, descending: the body of the deep cursor page and its cursor. */
export const DEEP_ORDER = { simulation_name: SIMULATION, order_by: [{ class: 'output', name: 'y5', direction: 'desc' }], limit: 50 };
export const DEEP_PAGE = 20;

export function equalitySearch(): () => SearchBody {
  let call = 0;
  return () => ({ simulation_name: SIMULATION, input_filters: { mode: MODES[call++ % MODES.length] }, limit: 50 });
}
