import { formatTimestamp, SimulationResponse } from '@simsvc/contracts';
import { simulationJson, simulationJsonSql, SimulationRecord, simulationRecordColumns } from './simulation.record';

const record = (changes: Partial<SimulationRecord>): SimulationRecord => ({
  id: 7,
  name: 'heat-1d',
  version: '1.10.0',
  versionSortKey: 'k',
  status: 'active',
  createdAt: 1_767_312_000_123_456,
  updatedAt: 1_767_312_001_000_000,
  author: 'Ada',
  description: 'Heat in a rod',
  tags: JSON.stringify(['thermal', 'demo']),
  inputSchema: JSON.stringify({ x: { type: 'number', units: 'm', min: 0, max: 1e21 } }),
  outputSchema: JSON.stringify({ y: { type: 'number', description: 'temperature "T" in \\K' } }),
  installationId: null,
  workflowType: null,
  workflowHash: null,
  workflowBundle: null,
  dependencies: null,
  metadata: null,
  autoApprove: false,
  visibility: null,
  license: null,
  ...changes,
});

/** The response by the contract, field by field, its stored JSON parsed. */
function expectedResponse(simulation: SimulationRecord): SimulationResponse {
  const parsed = (json: string | null) => (json === null ? null : JSON.parse(json));
  return {
    id: simulation.id,
    name: simulation.name,
    version: simulation.version,
    description: simulation.description,
    author: simulation.author,
    tags: JSON.parse(simulation.tags),
    input_schema: JSON.parse(simulation.inputSchema),
    output_schema: JSON.parse(simulation.outputSchema),
    status: simulation.status as SimulationResponse['status'],
    created_at: formatTimestamp(simulation.createdAt),
    updated_at: formatTimestamp(simulation.updatedAt),
    installation_id: simulation.installationId,
    workflow_type: simulation.workflowType,
    workflow_hash: simulation.workflowHash,
    workflow_bundle: parsed(simulation.workflowBundle),
    dependencies: parsed(simulation.dependencies),
    metadata: parsed(simulation.metadata),
    auto_approve: Boolean(simulation.autoApprove),
    visibility: simulation.visibility,
    license: simulation.license,
  };
}

describe('simulationJson', () => {
  it.each([
    ['plain', record({})],
    ['no author, no tags, empty schemas', record({ author: null, tags: '[]', inputSchema: '{}', outputSchema: '{}' })],
    ['quotes, backslashes and control characters', record({ description: 'a "b" \\ c\n\t\u0001 d', author: 'O\'Brien "x"' })],
    ['non-ASCII text', record({ description: 'Wärme – 熱 – 🔥', tags: JSON.stringify(['wärme', '熱']) })],
    [
      'sim2l provenance, visibility, license and a native schema',
      record({
        inputSchema: JSON.stringify({ n: { type: 'Integer', optional: false, choices: [1, 2], units: null, note: 'free' } }),
        installationId: 'a1b2c3d4e5f60718',
        workflowType: 'notebook',
        workflowHash: 'ab'.repeat(32),
        workflowBundle: JSON.stringify({ format_version: 1, files: [{ path: 'workflow.ipynb', content_base64: 'e30=' }] }),
        dependencies: JSON.stringify(['numpy>=1.26']),
        metadata: JSON.stringify({ deprecation_reason: 'superseded "2.0"' }),
        autoApprove: true,
        visibility: 'public',
        license: 'MIT',
      }),
    ],
    ['SQLite flag as 0/1', record({ autoApprove: 1 as unknown as boolean })],
    ['epoch and far dates', record({ createdAt: 0, updatedAt: 4_102_444_799_999_999 })],
  ])('%s: exactly the serialised response, id first', (_case, simulation) => {
    expect(simulationJson(simulation)).toBe(JSON.stringify(expectedResponse(simulation)));
  });
});

describe('simulationRecordColumns', () => {
  it('selects every column as its entity property', () => {
    expect(simulationRecordColumns('r')).toContain('r.version_sort_key AS "versionSortKey"');
    expect(simulationRecordColumns('r')).toContain('r.auto_approve AS "autoApprove"');
    expect(simulationRecordColumns()).toMatch(/^id, name, version, /);
  });
});

describe('simulationJsonSql', () => {
  it.each(['sqlite', 'postgresql'] as const)('writes every response field in order from its column on %s', (backend) => {
    const sql = simulationJsonSql('r', backend);
    expect(sql).toMatch(/^'\{"id":' \|\| CAST\(r\.id AS TEXT\) \|\| ',"name":' \|\| /);
    expect(sql).toContain(`',"tags":' || COALESCE(r.tags, 'null')`);
    expect(sql).toContain(`',"auto_approve":' || CASE WHEN r.auto_approve THEN 'true' ELSE 'false' END`);
    expect(sql.endsWith(`|| '}'`)).toBe(true);
  });
});
