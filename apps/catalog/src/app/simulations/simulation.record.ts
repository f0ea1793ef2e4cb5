import { formatTimestamp, SimulationResponse } from '@simsvc/contracts';
import type { Backend } from '@simsvc/persistence';
import { CatalogSimulationEntity } from '@simsvc/persistence';
import { StoredProvenance } from './simulation-registration';

/** A row of catalog_simulations as the repositories return it. */
export type SimulationRecord = CatalogSimulationEntity;

const RECORD_PROPERTIES: readonly (keyof SimulationRecord)[] = [
  'id',
  'name',
  'version',
  'versionSortKey',
  'status',
  'createdAt',
  'updatedAt',
  'author',
  'description',
  'tags',
  'inputSchema',
  'outputSchema',
  'installationId',
  'workflowType',
  'workflowHash',
  'workflowBundle',
  'dependencies',
  'metadata',
  'autoApprove',
  'visibility',
  'license',
];

const columnOf = (property: string) => property.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const propertyOf = (column: string) =>
  column.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase()) as keyof SimulationRecord;

/** The SELECT list of a SimulationRecord from catalog_simulations (as `alias`, if given), for raw SQL. */
export function simulationRecordColumns(alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return RECORD_PROPERTIES.map((property) => {
    const column = columnOf(property);
    return column === property ? `${prefix}${column}` : `${prefix}${column} AS "${property}"`;
  }).join(', ');
}

/** A page of simulations as its JSON array text, and the number of all matches. */
export interface JsonPage {
  json: string;
  total: number;
}

/** The provenance columns of a record, by their API names. */
export function provenanceOf(record: SimulationRecord): StoredProvenance {
  return {
    installation_id: record.installationId,
    workflow_type: record.workflowType,
    workflow_hash: record.workflowHash,
    workflow_bundle: record.workflowBundle,
    dependencies: record.dependencies,
    metadata: record.metadata,
    auto_approve: Boolean(record.autoApprove),
    visibility: record.visibility,
    license: record.license,
  };
}

/** The entity's provenance properties of stored provenance. */
export function provenanceColumns(
  provenance: StoredProvenance,
): Pick<
  SimulationRecord,
  | 'installationId'
  | 'workflowType'
  | 'workflowHash'
  | 'workflowBundle'
  | 'dependencies'
  | 'metadata'
  | 'autoApprove'
  | 'visibility'
  | 'license'
> {
  return {
    installationId: provenance.installation_id,
    workflowType: provenance.workflow_type,
    workflowHash: provenance.workflow_hash,
    workflowBundle: provenance.workflow_bundle,
    dependencies: provenance.dependencies,
    metadata: provenance.metadata,
    autoApprove: provenance.auto_approve,
    visibility: provenance.visibility,
    license: provenance.license,
  };
}

// The simulation's API response (SimulationResponse), written as JSON text from its columns: the
// one mapping of a simulation to its response, field by field in the response's order (each field
// is the column of the same name), with how its value is written. simulationJson writes it in
// the service (a single simulation), simulationJsonSql in SQL (pages, where the database writes
// every row's JSON and the page's array, as one text value that no driver parses). The stored
// JSON (tags, schemas, provenance, all written by JSON.stringify) is spliced in as it is, so that
// no schema is parsed and serialised again. Both are equal, byte for byte, to JSON.stringify of
// the response object (simulation.record.spec.ts; simulation-pages.repository.medium.spec.ts on
// both backends). Catalog search, main-thread instructions per request (callgrind, 50-row pages;
// docs/benchmarks/2026-11-27-structure-cost.md): PostgreSQL 976 k with json records written by
// the service, 613 k with the page written by the database; SQLite 650 k → 510–519 k.

/** How a field's value is written: its column's JSON text in the service and in SQL. */
interface FieldWriter {
  json(value: unknown): string;
  sql(column: string, backend: Backend): string;
}

const FIELD_WRITERS = {
  integer: { json: (value) => String(value), sql: (column) => `CAST(${column} AS TEXT)` },
  /** A string or NULL, quoted and escaped as JSON.stringify does (PostgreSQL's to_json and SQLite's json_quote do alike). */
  text: {
    json: (value) => JSON.stringify(value),
    sql: (column, backend) => (backend === 'postgresql' ? `COALESCE(to_json(${column})::text, 'null')` : `json_quote(${column})`),
  },
  /** Stored JSON text, or NULL. */
  json: { json: (value) => (value as string | null) ?? 'null', sql: (column) => `COALESCE(${column}, 'null')` },
  /** Microseconds since the epoch, as formatTimestamp writes them (UTC, six decimals). */
  timestamp: {
    json: (value) => `"${formatTimestamp(value as number)}"`,
    sql: (column, backend) =>
      backend === 'postgresql'
        ? `'"' || to_char(to_timestamp(${column} / 1000000) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') || '.' || lpad(CAST(${column} % 1000000 AS TEXT), 6, '0') || '"'`
        : // datetime() and a replace: half the time of strftime() with a format (SQLite 3.54)
          `'"' || replace(datetime(${column} / 1000000, 'unixepoch'), ' ', 'T') || '.' || substr('00000' || (${column} % 1000000), -6) || '"'`,
  },
  /** A boolean (SQLite: 0 or 1). */
  flag: { json: (value) => String(Boolean(value)), sql: (column) => `CASE WHEN ${column} THEN 'true' ELSE 'false' END` },
} satisfies Record<string, FieldWriter>;

const RESPONSE_FIELDS: readonly [keyof SimulationResponse & string, keyof typeof FIELD_WRITERS][] = [
  ['id', 'integer'],
  ['name', 'text'],
  ['version', 'text'],
  ['description', 'text'],
  ['author', 'text'],
  ['tags', 'json'],
  ['input_schema', 'json'],
  ['output_schema', 'json'],
  ['status', 'text'],
  ['created_at', 'timestamp'],
  ['updated_at', 'timestamp'],
  ['installation_id', 'text'],
  ['workflow_type', 'text'],
  ['workflow_hash', 'text'],
  ['workflow_bundle', 'json'],
  ['dependencies', 'json'],
  ['metadata', 'json'],
  ['auto_approve', 'flag'],
  ['visibility', 'text'],
  ['license', 'text'],
];

/** Each field as written: the JSON text before its value, its record property and its writer. */
const WRITTEN_FIELDS = RESPONSE_FIELDS.map(([field, kind], index) => ({
  before: `${index === 0 ? '{' : ','}${JSON.stringify(field)}:`,
  column: field,
  property: propertyOf(field),
  writer: FIELD_WRITERS[kind] as FieldWriter,
}));

/** The simulation's API response as JSON text, from its record. */
export function simulationJson(record: SimulationRecord): string {
  let json = '';
  for (const field of WRITTEN_FIELDS) json += field.before + field.writer.json(record[field.property]);
  return `${json}}`;
}

/** The simulation's API response as JSON text, an SQL expression over catalog_simulations `alias`. */
export function simulationJsonSql(alias: string, backend: Backend): string {
  const parts = WRITTEN_FIELDS.map((field) => `'${field.before}' || ${field.writer.sql(`${alias}.${field.column}`, backend)}`);
  return `${parts.join(' || ')} || '}'`;
}
