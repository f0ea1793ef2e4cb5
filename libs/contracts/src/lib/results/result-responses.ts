import { ApiProperty } from '@nestjs/swagger';
import { MAX_PAGE_LIMIT } from '../common/page-query.dto';
import { TIMESTAMP_API } from '../common/timestamp-api';
import type { ResultJsonValue } from './result-values';
import { RESULT_PARAM_CLASSES, ResultParamClass } from './results-limits';

/** Any JSON value, null included (OpenAPI 3.0 has no null type, so each branch is nullable). */
const JSON_VALUE_API = {
  anyOf: [
    { type: 'string', nullable: true },
    { type: 'number', nullable: true },
    { type: 'boolean', nullable: true },
    { type: 'array', items: {}, nullable: true },
    { type: 'object', additionalProperties: true, nullable: true },
  ],
};
const VALUES_API = { type: 'object', additionalProperties: {}, description: 'parameter name → JSON value' } as const;

export class RegisterResultResponse {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: 'integer', minimum: 1 }) result_id!: number;
  @ApiProperty() execution_id!: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) input_count!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) output_count!: number;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    description:
      "the parameter set (names, classes, types) the result was indexed under: the same for every run of a simulation sharing it (sim2l's schema_id)",
  })
  schema_id!: number;
}

/** A parameter's schema: from the run database's row and metadata, or inferred from the value. */
export class ResultParameterSchema {
  @ApiProperty({ type: String, nullable: true }) type!: string | null;
  @ApiProperty({ type: String, nullable: true }) units!: string | null;
  @ApiProperty(JSON_VALUE_API) description!: ResultJsonValue;
  @ApiProperty(JSON_VALUE_API) min!: ResultJsonValue;
  @ApiProperty(JSON_VALUE_API) max!: ResultJsonValue;
  @ApiProperty(JSON_VALUE_API) default!: ResultJsonValue;
}

export class ResultSchema {
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/ResultParameterSchema' } })
  inputs!: Record<string, ResultParameterSchema>;
  @ApiProperty({ type: 'object', additionalProperties: { $ref: '#/components/schemas/ResultParameterSchema' } })
  outputs!: Record<string, ResultParameterSchema>;
}

/** GET /results/{execution_id}. */
export class ResultResponse {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'the result id' }) id!: number;
  @ApiProperty() execution_id!: string;
  @ApiProperty() simulation_name!: string;
  @ApiProperty() simulation_version!: string;
  @ApiProperty({ type: String, nullable: true }) squid_id!: string | null;
  @ApiProperty() status!: string;
  @ApiProperty({ type: Number, nullable: true }) duration_seconds!: number | null;
  @ApiProperty(VALUES_API) input_params!: Record<string, ResultJsonValue>;
  @ApiProperty(VALUES_API) output_params!: Record<string, ResultJsonValue>;
  @ApiProperty({ type: ResultSchema }) schema!: ResultSchema;
  @ApiProperty({ type: String, nullable: true }) run_db_path!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true }) metadata!: Record<string, unknown> | null;
  @ApiProperty(TIMESTAMP_API) created_at!: string;
  @ApiProperty({ ...TIMESTAMP_API, nullable: true }) completed_at!: string | null;
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    nullable: true,
    description:
      "the parameter set (names, classes, types) the result was indexed under: the same for every run of a simulation sharing it (sim2l's schema_id); null for a result registered before schema ids existed, until it is registered again",
  })
  schema_id!: number | null;
}

/** A hit of POST /search. */
export class SearchHit {
  @ApiProperty() execution_id!: string;
  @ApiProperty() simulation_name!: string;
  @ApiProperty() simulation_version!: string;
  @ApiProperty({ type: String, nullable: true }) squid_id!: string | null;
  @ApiProperty(VALUES_API) input_params!: Record<string, ResultJsonValue>;
  @ApiProperty(VALUES_API) output_params!: Record<string, ResultJsonValue>;
  @ApiProperty() status!: string;
  @ApiProperty(TIMESTAMP_API) created_at!: string;
  @ApiProperty({ ...TIMESTAMP_API, nullable: true }) completed_at!: string | null;
  @ApiProperty({ type: Number, nullable: true }) duration_seconds!: number | null;
}

export class SearchResultsResponse {
  @ApiProperty({ type: [SearchHit], description: 'in order_by order; newest first without it' }) results!: SearchHit[];
  @ApiProperty({ type: 'integer', minimum: 0, description: 'hits returned' }) count!: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'all matches; with order_by, counted up to 10,000 (then total_is_lower_bound is true)',
  })
  total!: number;
  @ApiProperty({ description: 'true when total is 10,000 standing for at least that many (order_by searches only)' })
  total_is_lower_bound!: boolean;
  @ApiProperty({ type: 'integer', minimum: 1, maximum: MAX_PAGE_LIMIT }) limit!: number;
  @ApiProperty({ type: 'integer', minimum: 0, nullable: true, description: 'null on a page asked for by cursor' }) offset!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'send as cursor for the next page; null on the last page' })
  next_cursor!: string | null;
}

export class DeleteResultResponse {
  @ApiProperty({ enum: ['deleted'] }) status!: 'deleted';
  @ApiProperty() execution_id!: string;
}

/** GET /stats/{simulation_name}/{param_name}: over the numeric scalar values; count 0 and the rest null without any. */
export class ParameterStatsResponse {
  @ApiProperty() simulation_name!: string;
  @ApiProperty() param_name!: string;
  @ApiProperty({ enum: RESULT_PARAM_CLASSES }) param_class!: ResultParamClass;
  @ApiProperty({ type: String, nullable: true, description: "the schema's type of the parameter" }) param_type!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0 }) count!: number;
  @ApiProperty({ type: Number, nullable: true }) avg_value!: number | null;
  @ApiProperty({ type: Number, nullable: true }) min_value!: number | null;
  @ApiProperty({ type: Number, nullable: true }) max_value!: number | null;
}

export class BulkRegisterFailure {
  @ApiProperty({ type: 'integer', minimum: 1, description: 'line number in the body, from 1' }) line!: number;
  @ApiProperty() message!: string;
}

/** POST /register_direct with an application/x-ndjson body: what became of each line. */
export class BulkRegisterResponse {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'lines registered as new results' }) registered!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'lines whose execution_id was registered already, updated in place' })
  updated!: number;
  @ApiProperty({ type: [BulkRegisterFailure] }) failed!: BulkRegisterFailure[];
}
