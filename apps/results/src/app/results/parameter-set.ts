import { createHash } from 'node:crypto';
import type { ParameterRow } from './result.record';

/** A result's parameter set (sim2l's schema): its parameters' classes, names and types, and their fingerprint. */
export interface ParameterSet {
  /** JSON array of [class, name, type] in sorted order: equal sets give equal text. */
  parameters: string;
  /** SHA-256 (hex) of `parameters`. */
  fingerprint: string;
}

export function parameterSet(rows: readonly Pick<ParameterRow, 'paramClass' | 'name' | 'schemaType'>[]): ParameterSet {
  const triples = rows
    .map((row) => [row.paramClass, row.name, row.schemaType] as const)
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
  const parameters = JSON.stringify(triples);
  return { parameters, fingerprint: createHash('sha256').update(parameters).digest('hex') };
}
