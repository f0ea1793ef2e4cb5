import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsObject, IsOptional, IsString, MaxLength, registerDecorator, ValidationOptions } from 'class-validator';
import { MAX_METADATA_BYTES, MAX_TEXT_LENGTH } from '../cache/cache-limits';
import { IsJsonObjectOfAtMost } from '../common/json-object-size.validator';
import { IsWorkflowFiles, MAX_WORKFLOW_CONTENT_BYTES, MAX_WORKFLOW_FILES, WorkflowFile } from './workflow-files';

const text = (name: string) => ({ message: `${name} must be a string of at most ${MAX_TEXT_LENGTH} characters` });

/** A JSON object or array (sim2l sends `dependencies` as a list; other tools as a map). */
function IsJsonObjectOrArray(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isJsonObjectOrArray',
      target: target.constructor,
      propertyName: String(propertyName),
      options: { message: '$property must be a JSON object or array', ...options },
      validator: { validate: (value: unknown) => typeof value === 'object' && value !== null },
    });
}

/**
 * Where a simulation comes from and how to run it, as sim2l's CatalogClient sends it with a
 * registration (contract §7). simsvc stores and returns these fields; it interprets none of them.
 * Shared by POST /simulations (and manifests) and PATCH /simulations/{id}.
 */
export class SimulationProvenanceDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'the sim2l installation that registered it',
    maxLength: MAX_TEXT_LENGTH,
  })
  @IsOptional()
  @IsString(text('installation_id'))
  @MaxLength(MAX_TEXT_LENGTH, text('installation_id'))
  installation_id?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'notebook', maxLength: MAX_TEXT_LENGTH })
  @IsOptional()
  @IsString(text('workflow_type'))
  @MaxLength(MAX_TEXT_LENGTH, text('workflow_type'))
  workflow_type?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, description: 'SHA-256 of the workflow', maxLength: MAX_TEXT_LENGTH })
  @IsOptional()
  @IsString(text('workflow_hash'))
  @MaxLength(MAX_TEXT_LENGTH, text('workflow_hash'))
  workflow_hash?: string | null;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'portable workflow files (base64), as sim2l builds it' })
  @IsOptional()
  @IsObject({ message: 'workflow_bundle must be a JSON object' })
  workflow_bundle?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: 'array',
    nullable: true,
    maxItems: MAX_WORKFLOW_FILES,
    items: {
      type: 'object',
      required: ['path'],
      properties: { path: { type: 'string' }, content: { type: 'string' } },
      additionalProperties: true,
    },
    description: `sim2l's alternative to workflow_bundle.files: stored as the bundle's \`files\` (relative paths without .., at most ${MAX_WORKFLOW_FILES} files, ${MAX_WORKFLOW_CONTENT_BYTES} bytes of content in all); never returned as such`,
  })
  @IsOptional()
  @IsWorkflowFiles()
  workflow_files?: WorkflowFile[] | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: MAX_TEXT_LENGTH,
    description: "stored as the bundle's `entrypoint`; never returned as such",
  })
  @IsOptional()
  @IsString(text('workflow_entrypoint'))
  @MaxLength(MAX_TEXT_LENGTH, text('workflow_entrypoint'))
  workflow_entrypoint?: string | null;

  @ApiPropertyOptional({
    oneOf: [
      { type: 'array', items: {} },
      { type: 'object', additionalProperties: true },
    ],
    example: ['numpy>=1.26'],
  })
  @IsOptional()
  @IsJsonObjectOrArray()
  dependencies?: unknown[] | Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `at most ${MAX_METADATA_BYTES} bytes serialized; a PATCH merges its keys into the stored ones`,
  })
  @IsOptional()
  @IsJsonObjectOfAtMost(MAX_METADATA_BYTES)
  metadata?: Record<string, unknown> | null;

  @ApiPropertyOptional({
    type: Boolean,
    nullable: true,
    default: false,
    description: 'stored as sent; registration through the API is immediate either way',
  })
  @IsOptional()
  @IsBoolean({ message: 'auto_approve must be true or false' })
  auto_approve?: boolean | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'public', maxLength: MAX_TEXT_LENGTH, description: 'stored as sent' })
  @IsOptional()
  @IsString(text('visibility'))
  @MaxLength(MAX_TEXT_LENGTH, text('visibility'))
  visibility?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'MIT', maxLength: MAX_TEXT_LENGTH, description: 'stored as sent' })
  @IsOptional()
  @IsString(text('license'))
  @MaxLength(MAX_TEXT_LENGTH, text('license'))
  license?: string | null;
}
