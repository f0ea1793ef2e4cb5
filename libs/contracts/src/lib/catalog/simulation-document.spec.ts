import { simulationDocument, simulationJson, StoredSimulation, toSimulationResponse } from './simulation-document';

const stored = (changes: Partial<StoredSimulation>): StoredSimulation => ({
  id: 7,
  name: 'heat-1d',
  version: '1.10.0',
  status: 'active',
  created_at: 1_767_312_000_123_456,
  updated_at: 1_767_312_001_000_000,
  author: 'Ada',
  description: 'Heat in a rod',
  tags: JSON.stringify(['thermal', 'demo']),
  input_schema: JSON.stringify({ x: { type: 'number', units: 'm', min: 0, max: 1e21 } }),
  output_schema: JSON.stringify({ y: { type: 'number', description: 'temperature "T" in \\K' } }),
  ...changes,
});

describe('simulation documents', () => {
  it.each([
    ['plain', stored({})],
    ['no author, no tags, empty schemas', stored({ author: null, tags: '[]', input_schema: '{}', output_schema: '{}' })],
    ['quotes, backslashes and control characters', stored({ description: 'a "b" \\ c\n\t\u0001 d', author: 'O\'Brien "x"' })],
    ['non-ASCII text', stored({ description: 'Wärme – 熱 – 🔥', tags: JSON.stringify(['wärme', '熱']) })],
    ['epoch and far dates', stored({ created_at: 0, updated_at: 4_102_444_799_999_999 })],
  ])('%s: the document with its id is exactly the serialised response', (_case, simulation) => {
    expect(simulationJson(simulation.id, simulationDocument(simulation))).toBe(JSON.stringify(toSimulationResponse(simulation)));
  });

  it('leaves the id out of the document and puts it first when joined', () => {
    const document = simulationDocument(stored({}));
    expect(JSON.parse(document)).not.toHaveProperty('id');
    expect(Object.keys(JSON.parse(simulationJson(42, document)))[0]).toBe('id');
    expect(JSON.parse(simulationJson(42, document)).id).toBe(42);
  });
});
