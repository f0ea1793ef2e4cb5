// A service's CPU per request against a floor's, measured in alternating rounds: on this shared
// 2-core machine the cost of the same request drifts by a quarter from one minute to the next, so
// a floor measured minutes before a scenario can make the ratio swing by as much. Rounds of a few
// seconds, floor and service in turn, put both under the same conditions.
import type { LoadFigures } from './harness.ts';

export const PAIRED_ROUNDS = Number(process.env.BENCH_PAIRED_ROUNDS ?? 4);
export const PAIRED_ROUND_SECONDS = Number(process.env.BENCH_PAIRED_ROUND_SECONDS ?? 2);

/** One side's load for `seconds`, with the CPU of its process measured. */
export type RoundLoad = (seconds: number) => Promise<LoadFigures>;

export interface PairedFigures {
  floorMicros: number;
  serviceMicros: number;
  ratio: number;
  /** Each round's ratio, in order. */
  rounds: number[];
}

/** CPU µs per request of all of one side's rounds together. */
function perRequest(rounds: LoadFigures[]): number {
  const requests = rounds.reduce((sum, round) => sum + round.total, 0);
  const micros = rounds.reduce((sum, round) => sum + (round.cpuMicrosPerRequest ?? NaN) * round.total, 0);
  return micros / requests;
}

/** PAIRED_ROUNDS rounds of the floor's load then the service's, PAIRED_ROUND_SECONDS each. */
export async function paired(floor: RoundLoad, service: RoundLoad): Promise<PairedFigures> {
  const floorRounds: LoadFigures[] = [];
  const serviceRounds: LoadFigures[] = [];
  for (let round = 0; round < PAIRED_ROUNDS; round += 1) {
    floorRounds.push(await floor(PAIRED_ROUND_SECONDS));
    serviceRounds.push(await service(PAIRED_ROUND_SECONDS));
  }
  const floorMicros = perRequest(floorRounds);
  const serviceMicros = perRequest(serviceRounds);
  return {
    floorMicros,
    serviceMicros,
    ratio: serviceMicros / floorMicros,
    rounds: serviceRounds.map((round, index) => (round.cpuMicrosPerRequest ?? NaN) / (floorRounds[index].cpuMicrosPerRequest ?? NaN)),
  };
}

export const formatPaired = (figures: PairedFigures): string =>
  `    paired with bare NestJS, ${PAIRED_ROUNDS} × ${PAIRED_ROUND_SECONDS} s each in turn: ` +
  `${Math.round(figures.serviceMicros)} against ${Math.round(figures.floorMicros)} µs/req, ` +
  `${figures.ratio.toFixed(2)}× (rounds ${figures.rounds.map((ratio) => ratio.toFixed(2)).join(', ')})`;
