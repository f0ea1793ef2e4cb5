import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { RESULT_PARAM_CLASSES, ResultParamClass } from './results-limits';

const CLASS_API = { enum: RESULT_PARAM_CLASSES, default: 'output' } as const;

/** `?class=input|output` of GET /stats/{simulation_name}/{param_name}; `param_class` is an alias. */
export class ParameterStatsQueryDto {
  @ApiPropertyOptional(CLASS_API)
  @IsOptional()
  @IsIn([...RESULT_PARAM_CLASSES], { message: 'class must be input or output' })
  class?: ResultParamClass;

  @ApiPropertyOptional({ ...CLASS_API, description: 'alias of class' })
  @IsOptional()
  @IsIn([...RESULT_PARAM_CLASSES], { message: 'param_class must be input or output' })
  param_class?: ResultParamClass;
}
