import { formatTimestamp } from '@simsvc/contracts';
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

/** The SELECT list of a SimulationRecord from catalog_simulations (as `alias`, if given), for raw SQL. */
export function simulationRecordColumns(alias?: string): string {
  const prefix = alias ? `${alias}.` : '';
  return RECORD_PROPERTIES.map((property) => {
    const column = columnOf(property);
    return column === property ? `${prefix}${column}` : `${prefix}${column} AS "${property}"`;
  }).join(', ');
}

/**
 * A SimulationRecord from catalog_simulations `alias` as one PostgreSQL json value, its columns
 * under their property names (pg parses json with JSON.parse): for pages, where pg's work per
 * column of a statement (its row description, a parser and a property per column) is paid on
 * every request. Measured on a one-row search page (callgrind, client side): 363 k instructions
 * with the 26 columns, 154 k with the record as one value.
 */
export function simulationRecordObject(alias: string): string {
  return `json_build_object(${RECORD_PROPERTIES.map((property) => `'${property}', ${alias}.${columnOf(property)}`).join(', ')})`;
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

/**
 * The simulation's API response (SimulationResponse) as JSON text, from its columns: the one
 * mapping of a simulation to its response, for single simulations and pages alike. Written field
 * by field with the stored JSON (tags, schemas, provenance, all written by JSON.stringify) spliced
 * in as it is, so that no schema is parsed and serialised again; equal to JSON.stringify of the
 * response object (see the spec).
 */
export function simulationJson(record: SimulationRecord): string {
  const text = JSON.stringify;
  return (
    `{"id":${record.id},"name":${text(record.name)},"version":${text(record.version)},` +
    `"description":${text(record.description)},"author":${text(record.author)},` +
    `"tags":${record.tags},"input_schema":${record.inputSchema},"output_schema":${record.outputSchema},` +
    `"status":${text(record.status)},"created_at":"${formatTimestamp(record.createdAt)}",` +
    `"updated_at":"${formatTimestamp(record.updatedAt)}","installation_id":${text(record.installationId)},` +
    `"workflow_type":${text(record.workflowType)},"workflow_hash":${text(record.workflowHash)},` +
    `"workflow_bundle":${record.workflowBundle ?? 'null'},"dependencies":${record.dependencies ?? 'null'},` +
    `"metadata":${record.metadata ?? 'null'},"auto_approve":${Boolean(record.autoApprove)},` +
    `"visibility":${text(record.visibility)},"license":${text(record.license)}}`
  );
}
