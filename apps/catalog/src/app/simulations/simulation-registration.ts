import { BadRequestException } from '@nestjs/common';
import { normalizeParameterSchemaMap, normalizeTags, ParameterSchemaMap, RegisterSimulationDto, SimulationStatus } from '@simsvc/contracts';
import { bodyShapeProblem, validationMessages } from '@simsvc/platform';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

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
}

const present = <T>(value: T | null | undefined): value is T => value !== null && value !== undefined;

/** The schema sides a body gives, directly or as `schema: {inputs, outputs}` (not both ways). */
export function schemaSides(body: {
  input_schema?: ParameterSchemaMap | null;
  output_schema?: ParameterSchemaMap | null;
  schema?: { inputs?: ParameterSchemaMap | null; outputs?: ParameterSchemaMap | null } | null;
}): { inputs?: ParameterSchemaMap; outputs?: ParameterSchemaMap } {
  if (present(body.schema)) {
    if (present(body.input_schema) || present(body.output_schema)) {
      throw new BadRequestException('give input_schema/output_schema or schema, not both');
    }
    return {
      inputs: present(body.schema.inputs) ? normalizeParameterSchemaMap(body.schema.inputs) : undefined,
      outputs: present(body.schema.outputs) ? normalizeParameterSchemaMap(body.schema.outputs) : undefined,
    };
  }
  return {
    inputs: present(body.input_schema) ? normalizeParameterSchemaMap(body.input_schema) : undefined,
    outputs: present(body.output_schema) ? normalizeParameterSchemaMap(body.output_schema) : undefined,
  };
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
  const dto = plainToInstance(RegisterSimulationDto, body, { enableImplicitConversion: false });
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true, validationError: { target: false, value: false } });
  if (errors.length > 0) return { ok: false, problems: validationMessages(errors), ...identity };
  try {
    return { ok: true, simulation: newSimulationFrom(dto) };
  } catch (error) {
    return { ok: false, problems: [(error as Error).message], ...identity };
  }
}
