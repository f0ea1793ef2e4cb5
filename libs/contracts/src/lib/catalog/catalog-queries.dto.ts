import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { MAX_TEXT_LENGTH } from '../cache/cache-limits';
import { PageQueryDto } from '../common/page-query.dto';
import {
  ACCEPTED_EXECUTION_STATUSES,
  canonicalExecutionStatus,
  ExecutionStatus,
  MAX_SEARCH_QUERY_LENGTH,
  SIMULATION_STATUSES,
  SimulationStatus,
  SYNC_ITEM_STATUSES,
  SyncItemStatus,
} from './catalog-limits';

/** A repeated query parameter (`tags=a&tags=b`) read as the comma-separated form (`tags=a,b`). */
const joinRepeated = ({ value }: { value: unknown }) =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value.join(',') : value;
/** `?version=` with nothing after it means "no version". */
const emptyAsAbsent = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

const SEARCH_STATUSES = [...SIMULATION_STATUSES, 'all'];

/** GET /simulations/search. */
export class SearchSimulationsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({
    description:
      'white-space separated words; each of 2+ characters is matched as a substring of name, description and tags (case-insensitive); empty: everything',
    maxLength: MAX_SEARCH_QUERY_LENGTH,
  })
  @IsOptional()
  @IsString({ message: 'query must be a string' })
  @MaxLength(MAX_SEARCH_QUERY_LENGTH, { message: `query must be at most ${MAX_SEARCH_QUERY_LENGTH} characters` })
  query?: string;

  @ApiPropertyOptional({
    description:
      "comma-separated tags; keeps simulations carrying **any** of them, more matching tags first (case-insensitive; sim2l's rule)",
    example: 'heat,pde',
  })
  @IsOptional()
  @Transform(joinRepeated)
  @IsString({ message: 'tags must be a comma-separated string' })
  @MaxLength(MAX_SEARCH_QUERY_LENGTH, { message: `tags must be at most ${MAX_SEARCH_QUERY_LENGTH} characters` })
  tags?: string;

  @ApiPropertyOptional({
    description: 'comma-separated tags; keeps simulations carrying **every** one of them (case-insensitive)',
    example: 'heat,pde',
  })
  @IsOptional()
  @Transform(joinRepeated)
  @IsString({ message: 'all_tags must be a comma-separated string' })
  @MaxLength(MAX_SEARCH_QUERY_LENGTH, { message: `all_tags must be at most ${MAX_SEARCH_QUERY_LENGTH} characters` })
  all_tags?: string;

  @ApiPropertyOptional({ enum: SEARCH_STATUSES, description: 'simulations of this status; `all` or absent: any' })
  @IsOptional()
  @IsIn(SEARCH_STATUSES, { message: `status must be one of ${SEARCH_STATUSES.join(', ')}` })
  status?: SimulationStatus | 'all';
}

/** GET /simulations/{name}?version=. */
export class SimulationVersionQueryDto {
  @ApiPropertyOptional({ description: 'exact version; without it, the latest' })
  @IsOptional()
  @Transform(emptyAsAbsent)
  @IsString({ message: 'version must be a string' })
  @MaxLength(128, { message: 'version must be at most 128 characters' })
  version?: string;
}

/** GET /simulations/{id}/executions. */
export class ListExecutionsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: ACCEPTED_EXECUTION_STATUSES })
  @IsOptional()
  @IsIn(ACCEPTED_EXECUTION_STATUSES, { message: `status must be one of ${ACCEPTED_EXECUTION_STATUSES.join(', ')}` })
  @Transform(({ value }) =>
    typeof value === 'string' && ACCEPTED_EXECUTION_STATUSES.includes(value) ? canonicalExecutionStatus(value) : value,
  )
  status?: ExecutionStatus;
}

/** GET /sync/pending. */
export class ListSyncItemsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: SYNC_ITEM_STATUSES })
  @IsOptional()
  @IsIn([...SYNC_ITEM_STATUSES], { message: `status must be one of ${SYNC_ITEM_STATUSES.join(', ')}` })
  status?: SyncItemStatus;

  @ApiPropertyOptional({ description: 'only manifests carrying this installation_id' })
  @IsOptional()
  @IsString({ message: 'installation_id must be a string' })
  @MaxLength(MAX_TEXT_LENGTH, { message: `installation_id must be at most ${MAX_TEXT_LENGTH} characters` })
  installation_id?: string;
}
