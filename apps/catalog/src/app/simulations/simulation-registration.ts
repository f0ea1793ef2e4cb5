import {
  foldWorkflowFiles,
  normalizeTags,
  ParameterSchemaMap,
  RegisterSimulationDto,
  SimulationProvenanceDto,
  SimulationStatus,
} from '@simsvc/contracts';
import { bodyShapeProblem, restoreDataKeys, setAsideDataKeys, validationMessages } from '@simsvc/platform';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { SimulationError, SimulationErrorCode } from './simulation.errors';

/** A simulation to register, normalized: defaults applied, schemas and tags in stored form. */
export interface NewSimulation {
  name: string;
  version: string;
  description: string;
  author: string | null;
  tags: string[];
  inputSchema: ParameterSchemaMap;
  outputSchema: ParameterSchemaMap;
  status: SimulationStatus;
  provenance: StoredProvenance;
}

/** sim2l's provenance fields as catalog_simulations stores them: the JSON ones as JSON text. */
export interface StoredProvenance {
  installation_id: string | null;
  workflow_type: string | null;
  workflow_hash: string | null;
  /** JSON text, or null when none was given; so are dependencies and metadata. */
  workflow_bundle: string | null;
  dependencies: string | null;
  metadata: string | null;
  auto_approve: boolean;
  visibility: string | null;
  license: string | null;
}

const json = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * The stored provenance after a body: its given fields replace the current ones (none: a new
 * simulation), except `metadata`, whose keys are merged into the current metadata (sim2l's
 * deprecation sends only `{deprecation_reason}` and must not erase what registration stored).
 * sim2l's `workflow_files` and `workflow_entrypoint` become the bundle's `files` and `entrypoint`.
 */
export function provenanceFrom(body: SimulationProvenanceDto, current?: StoredProvenance): StoredProvenance {
  const currentMetadata = current?.metadata ? (JSON.parse(current.metadata) as Record<string, unknown>) : undefined;
  const metadata = present(body.metadata) ? { ...currentMetadata, ...body.metadata } : currentMetadata;
  const bundle = present(body.workflow_bundle)
    ? body.workflow_bundle
    : current?.workflow_bundle
      ? (JSON.parse(current.workflow_bundle) as Record<string, unknown>)
      : null;
  return {
    installation_id: body.installation_id ?? current?.installation_id ?? null,
    workflow_type: body.workflow_type ?? current?.workflow_type ?? null,
    workflow_hash: body.workflow_hash ?? current?.workflow_hash ?? null,
    workflow_bundle: json(foldWorkflowFiles(bundle, body.workflow_files, body.workflow_entrypoint)),
    dependencies: present(body.dependencies) ? json(body.dependencies) : (current?.dependencies ?? null),
    metadata: json(metadata),
    auto_approve: body.auto_approve ?? current?.auto_approve ?? false,
    visibility: body.visibility ?? current?.visibility ?? null,
    license: body.license ?? current?.license ?? null,
  };
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/** The schema sides a body gives, directly or as `schema: {inputs, outputs}` (not both ways), kept as sent. */
export function schemaSides(body: {
  input_schema?: ParameterSchemaMap | null;
  output_schema?: ParameterSchemaMap | null;
  schema?: { inputs?: ParameterSchemaMap | null; outputs?: ParameterSchemaMap | null } | null;
}): { inputs?: ParameterSchemaMap; outputs?: ParameterSchemaMap } {
  if (present(body.schema)) {
    if (present(body.input_schema) || present(body.output_schema)) {
      throw new SimulationError(SimulationErrorCode.SchemaGivenTwice, 'give input_schema/output_schema or schema, not both');
    }
    return { inputs: body.schema.inputs ?? undefined, outputs: body.schema.outputs ?? undefined };
  }
  return { inputs: body.input_schema ?? undefined, outputs: body.output_schema ?? undefined };
}

/** A validated POST /simulations body as a NewSimulation; 400 when schema is given both ways. */
export function newSimulationFrom(body: RegisterSimulationDto): NewSimulation {
  const { inputs, outputs } = schemaSides(body);
  return {
    name: body.name,
    version: body.version,
    description: body.description ?? '',
    author: body.author ?? null,
    tags: normalizeTags(body.tags ?? []),
    inputSchema: inputs ?? {},
    outputSchema: outputs ?? {},
    status: body.status ?? 'active',
    provenance: provenanceFrom(body),
  };
}

export type RegistrationCheck =
  { ok: true; simulation: NewSimulation } | { ok: false; problems: string[]; name?: string; version?: string };

/**
 * Validates a registration body outside an HTTP request (a manifest file) with exactly the rules
 * of POST /simulations: the same shape check, DTO and messages, unknown fields refused, the same
 * normalization.
 */
export async function checkRegistration(body: unknown): Promise<RegistrationCheck> {
  const named = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const identity = {
    name: typeof named['name'] === 'string' ? named['name'] : undefined,
    version: typeof named['version'] === 'string' ? named['version'] : undefined,
  };
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return { ok: false, problems: ['manifest must be a JSON object'], ...identity };
  const shapeProblem = bodyShapeProblem(body, 'manifest');
  if (shapeProblem) return { ok: false, problems: [shapeProblem], ...identity };
  // As the validation pipe does: class-transformer cannot copy a `constructor` key, which a
  // schema may use as a parameter name (docs/security.md §8).
  const setAside = setAsideDataKeys(body);
  const dto = plainToInstance(RegisterSimulationDto, body, { enableImplicitConversion: false });
  const keyProblem = restoreDataKeys(body, dto, setAside);
  if (keyProblem) return { ok: false, problems: [keyProblem], ...identity };
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: false } });
  if (errors.length > 0) return { ok: false, problems: validationMessages(errors), ...identity };
  try {
    return { ok: true, simulation: newSimulationFrom(dto) };
  } catch (error) {
    return { ok: false, problems: [(error as Error).message], ...identity };
  }
}
