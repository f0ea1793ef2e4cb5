import { ApiPropertyOptional, ApiPropertyOptions } from '@nestjs/swagger';
import { PARAMETER_TYPES } from './catalog-limits';
import { IsOptional } from 'class-validator';
import { IsParameterSchemaMap, ParameterSchemaMap } from './parameter-schema';

/** OpenAPI description of a `{NAME: PARAM}` map, shared by the DTOs. */
export const PARAMETER_MAP_API: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { type: 'string', enum: [...PARAMETER_TYPES] },
      units: { type: 'string' },
      min: { type: 'number' },
      max: { type: 'number' },
      default: {},
      description: { type: 'string' },
      options: { type: 'array', items: {} },
    },
  },
  example: { length: { type: 'number', units: 'm', min: 0.1, max: 10, default: 1 } },
};

/** `schema: {inputs, outputs}`, accepted instead of `input_schema` / `output_schema`. */
export class SimulationSchemaDto {
  @ApiPropertyOptional(PARAMETER_MAP_API) @IsOptional() @IsParameterSchemaMap() inputs?: ParameterSchemaMap | null;
  @ApiPropertyOptional(PARAMETER_MAP_API) @IsOptional() @IsParameterSchemaMap() outputs?: ParameterSchemaMap | null;
}
