// The demo's simulation: a cantilever beam under a tip load, solved in closed form (Euler–Bernoulli),
// so every output follows from the inputs and the plots show structure. A beam stressed past twice
// its material's yield strength "fails" (plastic collapse: the linear model does not apply), which
// gives the sweep a few failed runs, all of them timber.

export const BEAM_SIMULATION = { name: 'demo-beam', version: '1.0.0' } as const;

export const MATERIALS = {
  steel: { youngsModulusPa: 200e9, yieldPa: 250e6, densityKgM3: 7850 },
  aluminium: { youngsModulusPa: 69e9, yieldPa: 95e6, densityKgM3: 2700 },
  timber: { youngsModulusPa: 11e9, yieldPa: 40e6, densityKgM3: 500 },
} as const;

export type Material = keyof typeof MATERIALS;
export const MATERIAL_NAMES = Object.keys(MATERIALS) as Material[];

export interface BeamInputs {
  length: number;
  load: number;
  height: number;
  width: number;
  material: Material;
}

export interface BeamOutputs {
  tip_deflection: number;
  max_stress: number;
  safety_factor: number;
  natural_frequency: number;
  mass: number;
}

/** A parameter of the catalog schema (a type alias: the client's body type wants an index signature). */
export type ParamSchema = {
  type: 'number' | 'string';
  units?: string;
  min?: number;
  max?: number;
  default?: number | string;
  description: string;
  options?: string[];
};

/** The sweep's ranges, which are also the schema's bounds. */
const RANGES = {
  length: { min: 0.5, max: 4 },
  load: { min: 50, max: 2000 },
  height: { min: 60, max: 200 },
  width: { min: 30, max: 100 },
} as const;

export const INPUT_SCHEMA: Record<keyof BeamInputs, ParamSchema> = {
  length: { type: 'number', units: 'm', ...RANGES.length, default: 2, description: 'length of the cantilever' },
  load: { type: 'number', units: 'N', ...RANGES.load, default: 500, description: 'point load at the free end' },
  height: { type: 'number', units: 'mm', ...RANGES.height, default: 100, description: 'depth of the rectangular section' },
  width: { type: 'number', units: 'mm', ...RANGES.width, default: 50, description: 'width of the rectangular section' },
  material: { type: 'string', default: 'steel', options: MATERIAL_NAMES, description: 'steel, aluminium or timber' },
};

export const OUTPUT_SCHEMA: Record<keyof BeamOutputs, ParamSchema> = {
  tip_deflection: { type: 'number', units: 'mm', min: 0, description: 'deflection of the free end' },
  max_stress: { type: 'number', units: 'MPa', min: 0, description: 'bending stress at the fixed end' },
  safety_factor: { type: 'number', min: 0, description: 'yield strength over the maximum stress' },
  natural_frequency: { type: 'number', units: 'Hz', min: 0, description: 'first bending mode' },
  mass: { type: 'number', units: 'kg', min: 0, description: 'mass of the beam' },
};

/** The inputs of the sweep's run number `index` (1-based): a Halton sequence, so any N runs cover the ranges evenly. */
export function sweepInputs(index: number): BeamInputs {
  const scale = (range: { min: number; max: number }, base: number) => round(range.min + (range.max - range.min) * halton(index, base), 4);
  return {
    length: scale(RANGES.length, 2),
    load: scale(RANGES.load, 3),
    height: scale(RANGES.height, 5),
    width: scale(RANGES.width, 7),
    material: MATERIAL_NAMES[index % MATERIAL_NAMES.length],
  };
}

export type BeamSolution = { ok: true; outputs: BeamOutputs } | { ok: false; error: string };

export function solveBeam(inputs: BeamInputs): BeamSolution {
  const material = MATERIALS[inputs.material];
  const height = inputs.height / 1000;
  const width = inputs.width / 1000;
  const area = width * height;
  const secondMoment = (width * height ** 3) / 12;
  const stressPa = (inputs.load * inputs.length * (height / 2)) / secondMoment;
  if (stressPa > 2 * material.yieldPa) {
    return { ok: false, error: `plastic collapse: stress ${round(stressPa / 1e6, 1)} MPa is over twice the yield strength` };
  }
  const stiffness = material.youngsModulusPa * secondMoment;
  const deflection = (inputs.load * inputs.length ** 3) / (3 * stiffness);
  // First cantilever mode: (β₁L)² = 1.8751²; f = (β₁L)² / (2π L²) · √(EI / ρA).
  const frequency = (1.8751 ** 2 / (2 * Math.PI * inputs.length ** 2)) * Math.sqrt(stiffness / (material.densityKgM3 * area));
  return {
    ok: true,
    outputs: {
      tip_deflection: round(deflection * 1000, 4),
      max_stress: round(stressPa / 1e6, 4),
      safety_factor: round(material.yieldPa / stressPa, 4),
      natural_frequency: round(frequency, 4),
      mass: round(material.densityKgM3 * area * inputs.length, 4),
    },
  };
}

/** Seconds the run "took": longer and finer beams mesh into more elements. */
export function runDuration(inputs: BeamInputs): number {
  return round(0.4 + 0.35 * inputs.length + inputs.height / 400 + (inputs.material === 'timber' ? 0.3 : 0), 3);
}

function halton(index: number, base: number): number {
  let fraction = 1;
  let result = 0;
  for (let i = index; i > 0; i = Math.floor(i / base)) {
    fraction /= base;
    result += fraction * (i % base);
  }
  return result;
}

function round(value: number, digits: number): number {
  return Number(value.toFixed(digits));
}
