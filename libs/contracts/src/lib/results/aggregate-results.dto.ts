import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { IsAggregateParams, IsHistogram, IsValuesRequest, KeepRawJson } from './result-validators';
import { MAX_RESULT_NAME_LENGTH, RESULT_PARAM_CLASSES, ResultParamClass } from './results-limits';
import { ResultFiltersDto } from './search-results.dto';
import {
  HISTOGRAM_SCALES,
  HistogramRequest,
  HistogramScale,
  MAX_AGGREGATE_PARAMS,
  MAX_HISTOGRAM_BINS,
  MAX_LISTED_VALUES,
  ParameterRef,
} from './sweep-shapes';

const PARAMETER_REF_PROPERTIES = {
  class: { type: 'string' as const, enum: [...RESULT_PARAM_CLASSES] },
  name: { type: 'string' as const, minLength: 1, maxLength: MAX_RESULT_NAME_LENGTH },
};

/** Body of POST /aggregate: the filters of POST /search, the parameters to summarise and an optional histogram. */
export class AggregateResultsDto extends ResultFiltersDto {
  @ApiProperty({
    type: 'array',
    maxItems: MAX_AGGREGATE_PARAMS,
    items: { type: 'object', required: ['class', 'name'], additionalProperties: false, properties: PARAMETER_REF_PROPERTIES },
    example: [{ class: 'output', name: 'energy' }],
  })
  @KeepRawJson()
  @IsAggregateParams()
  params!: ParameterRef[];

  @ApiPropertyOptional({
    type: 'object',
    nullable: true,
    required: ['class', 'name', 'bins'],
    additionalProperties: false,
    properties: {
      ...PARAMETER_REF_PROPERTIES,
      bins: { type: 'integer', minimum: 1, maximum: MAX_HISTOGRAM_BINS },
      scale: { type: 'string', enum: [...HISTOGRAM_SCALES], default: 'linear' },
    },
    example: { class: 'output', name: 'energy', bins: 50, scale: 'linear' },
  })
  @IsOptional()
  @KeepRawJson()
  @IsHistogram()
  histogram?: HistogramRequest | null;

  @ApiPropertyOptional({
    type: 'object',
    nullable: true,
    required: ['class', 'name'],
    additionalProperties: false,
    properties: PARAMETER_REF_PROPERTIES,
    description: `a parameter whose text values to list, the ${MAX_LISTED_VALUES} most frequent among the matching runs`,
    example: { class: 'input', name: 'solver' },
  })
  @IsOptional()
  @KeepRawJson()
  @IsValuesRequest()
  values?: ParameterRef | null;
}

/** Figures of one parameter over the numeric values of the matching runs; count 0 gives the rest null. */
export class ParameterAggregate {
  @ApiProperty({ enum: RESULT_PARAM_CLASSES }) class!: ResultParamClass;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'matching runs whose value is a number' }) count!: number;
  @ApiProperty({ type: Number, nullable: true }) min!: number | null;
  @ApiProperty({ type: Number, nullable: true }) max!: number | null;
  @ApiProperty({ type: Number, nullable: true }) avg!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'population standard deviation (divides by count)' }) stddev!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'percentiles by linear interpolation between closest ranks' })
  p05!: number | null;
  @ApiProperty({ type: Number, nullable: true }) p50!: number | null;
  @ApiProperty({ type: Number, nullable: true }) p95!: number | null;
}

export class HistogramAggregate {
  @ApiProperty({ enum: RESULT_PARAM_CLASSES }) class!: ResultParamClass;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: HISTOGRAM_SCALES }) scale!: HistogramScale;
  @ApiProperty({ type: [Number], description: 'bins + 1 edges from the smallest to the largest value; empty without values' })
  edges!: number[];
  @ApiProperty({ type: [Number], description: 'values per bin; each bin holds [edge, next edge), the last also its upper edge' })
  counts!: number[];
  @ApiProperty({ type: 'integer', minimum: 0, description: 'values counted in the bins' }) count!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'numeric values left out: those ≤ 0 on the log scale' }) excluded!: number;
}

export class TextValueCount {
  @ApiProperty() value!: string;
  @ApiProperty({ type: 'integer', minimum: 1 }) count!: number;
}

export class TextValuesAggregate {
  @ApiProperty({ enum: RESULT_PARAM_CLASSES }) class!: ResultParamClass;
  @ApiProperty() name!: string;
  @ApiProperty({
    type: [TextValueCount],
    description: `the parameter's string values among the matching runs, most frequent first (ties by code point), at most ${MAX_LISTED_VALUES}`,
  })
  values!: TextValueCount[];
  @ApiProperty({ description: 'whether more distinct values exist than are listed' }) more!: boolean;
}

export class AggregateResultsResponse {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'runs matching the filters' }) total!: number;
  @ApiProperty({ type: [ParameterAggregate] }) params!: ParameterAggregate[];
  @ApiPropertyOptional({ type: HistogramAggregate, description: 'present when the request asks for a histogram' })
  histogram?: HistogramAggregate;
  @ApiPropertyOptional({ type: TextValuesAggregate, description: 'present when the request asks for values' })
  values?: TextValuesAggregate;
}
