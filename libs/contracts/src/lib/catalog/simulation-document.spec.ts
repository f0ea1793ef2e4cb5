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
  installation_id: null,
  workflow_type: null,
  workflow_hash: null,
  workflow_bundle: null,
  dependencies: null,
  metadata: null,
  auto_approve: 0,
  visibility: null,
  license: null,
  ...changes,
});

describe('simulation documents', () => {
  it.each([
    ['plain', stored({})],
    ['no author, no tags, empty schemas', stored({ author: null, tags: '[]', input_schema: '{}', output_schema: '{}' })],
    ['quotes, backslashes and control characters', stored({ description: 'a "b" \\ c\n\t\u0001 d', author: 'O\'Brien "x"' })],
    ['non-ASCII text', stored({ description: 'Wärme – 熱 – 🔥', tags: JSON.stringify(['wärme', '熱']) })],
    [
      'sim2l provenance and a native schema',
      stored({
        input_schema: JSON.stringify({ n: { type: 'Integer', optional: false, choices: [1, 2], units: null, note: 'free' } }),
        installation_id: 'a1b2c3d4e5f60718',
        workflow_type: 'notebook',
        workflow_hash: 'ab'.repeat(32),
        workflow_bundle: JSON.stringify({ format_version: 1, files: [{ path: 'workflow.ipynb', content_base64: 'e30=' }] }),
        dependencies: JSON.stringify(['numpy>=1.26']),
        metadata: JSON.stringify({ deprecation_reason: 'superseded "2.0"' }),
        auto_approve: true,
      }),
    ],
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
