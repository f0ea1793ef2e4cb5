import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { ACCEPTED_PARAMETER_TYPES, IsParameterSchemaMap, PARAMETER_TEXT_LIMIT, ParameterSchemaMap } from './parameter-schema';

/** OpenAPI description of a `{NAME: PARAM}` map, shared by the DTOs. */
export const PARAMETER_MAP_API: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['type'],
    description: 'other keys (sim2l: optional, required_if, choices, …) are kept as sent',
    properties: {
      type: { type: 'string', enum: [...ACCEPTED_PARAMETER_TYPES], description: "a PARAM type, or sim2l's field class (Number → number)" },
      units: { type: 'string', nullable: true, maxLength: PARAMETER_TEXT_LIMIT },
      min: { type: 'number', nullable: true },
      max: { type: 'number', nullable: true },
      default: {},
      description: { type: 'string', nullable: true, maxLength: PARAMETER_TEXT_LIMIT },
      options: { type: 'array', items: {}, nullable: true },
    },
    additionalProperties: true,
  },
  example: { length: { type: 'number', units: 'm', min: 0.1, max: 10, default: 1 } },
};

/** `schema: {inputs, outputs}`, accepted instead of `input_schema` / `output_schema`. */
export class SimulationSchemaDto {
  @ApiPropertyOptional(PARAMETER_MAP_API) @IsOptional() @IsParameterSchemaMap() inputs?: ParameterSchemaMap | null;
  @ApiPropertyOptional(PARAMETER_MAP_API) @IsOptional() @IsParameterSchemaMap() outputs?: ParameterSchemaMap | null;
}
