import { StoredSimulation } from '@simsvc/contracts';
import { CatalogSimulationEntity } from '@simsvc/persistence';
import { StoredProvenance } from './simulation-registration';

/** A row of catalog_simulations as the repositories return it (its document left out). */
export type SimulationRecord = Omit<CatalogSimulationEntity, 'document' | 'documentOf'>;

/** A simulation on a page (search, versions): its id and its document (see simulationDocument). */
export interface SimulationDocumentRow {
  id: number;
  document: string;
}

/** A page of simulations as its JSON array text, and the number of all matches. */
export interface JsonPage {
  json: string;
  total: number;
}

/** sim2l's provenance fields, as the API and the sync queue's stored registrations name them. */
export const PROVENANCE_FIELDS = [
  'installation_id',
  'workflow_type',
  'workflow_hash',
  'workflow_bundle',
  'dependencies',
  'metadata',
  'auto_approve',
  'visibility',
  'license',
] as const;

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

/** A record in the contract's stored form (the input of toSimulationResponse and simulationDocument). */
export function storedSimulation(record: SimulationRecord): StoredSimulation {
  return {
    id: record.id,
    name: record.name,
    version: record.version,
    status: record.status as StoredSimulation['status'],
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    author: record.author,
    description: record.description,
    tags: record.tags,
    input_schema: record.inputSchema,
    output_schema: record.outputSchema,
    ...provenanceOf(record),
  };
}
