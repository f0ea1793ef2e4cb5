import { random } from '../harness.ts';

/** The values of the text input `mode`. */
export const MODES = Array.from({ length: 10 }, (_, index) => `mode-${index}`);

/**
 * Inputs x0..x8 uniform in [0, 100) and `mode`, outputs y0..y9 uniform in [0, 1000) of run
 * `index`: the same on every backend and run (the results benchmarks' sweep).
 */
export function sweepParameters(index: number): { inputs: Record<string, number | string>; outputs: Record<string, number> } {
  const next = random(index + 1);
  const inputs: Record<string, number | string> = {};
  for (let k = 0; k < 9; k += 1) inputs[`x${k}`] = Math.round(next() * 100 * 1e6) / 1e6;
  inputs.mode = MODES[index % MODES.length];
  const outputs: Record<string, number> = {};
  for (let k = 0; k < 10; k += 1) outputs[`y${k}`] = Math.round(next() * 1000 * 1e3) / 1e3;
  return { inputs, outputs };
}
