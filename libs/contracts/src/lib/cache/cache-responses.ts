import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PageOf } from '../common/page-of';
import { TIMESTAMP_API } from '../common/timestamp-api';

const JSON_OBJECT = { type: 'object', additionalProperties: true } as const;

/** GET /cache/{cache_key}. */
export class CacheEntryResponse {
  @ApiProperty() cache_key!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'as stored: 0 or null for an entry of no simulation' })
  simulation_id!: number | null;
  @ApiProperty() simulation_name!: string;
  @ApiProperty() simulation_version!: string;
  @ApiProperty() execution_id!: string;
  @ApiProperty() squid_id!: string;
  @ApiProperty() input_hash!: string;
  @ApiProperty() run_db_path!: string;
  @ApiProperty(TIMESTAMP_API) created_at!: string;
  @ApiProperty(TIMESTAMP_API) expires_at!: string;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'includes the hit being served' }) hit_count!: number;
  @ApiProperty({ ...JSON_OBJECT, nullable: true, description: 'null when none was stored' }) metadata!: Record<string, unknown> | null;
}

/** An item of GET /cache/entries. */
export class CacheEntryListItem extends CacheEntryResponse {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'UTF-8 length of the entry as GET returns it' }) size_bytes!: number;
  @ApiProperty({ ...TIMESTAMP_API, nullable: true, description: 'null when never read' }) last_accessed_at!: string | null;
}

/** POST /cache and DELETE /cache/{cache_key}. */
export class StoreEntryResponse {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty() cache_key!: string;
}

export class InvalidateResponse {
  @ApiProperty({ enum: [true] }) success!: true;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'live entries removed' }) invalidated_count!: number;
}

export class CacheStatsResponse {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'live entries' }) total_entries!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'since the store was created' }) total_hits!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'since the store was created' }) total_misses!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: "total_hits + total_misses (sim2l's name)" }) total_accesses!: number;
  @ApiProperty({ minimum: 0, maximum: 1, description: 'hits / (hits + misses); 0 when both are 0' }) hit_rate!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'sum of the UTF-8 lengths of the live entries as GET returns them' })
  total_size_bytes!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'entries removed by invalidation since the store was created' })
  invalidation_count!: number;
}

/** An audit record of GET /cache/invalidations: the key (DELETE) or the selectors (POST /cache/invalidate). */
export class InvalidationRecord {
  @ApiProperty(TIMESTAMP_API) at!: string;
  @ApiProperty({ description: 'username, or anonymous' }) by!: string;
  @ApiPropertyOptional({ description: 'DELETE /cache/{cache_key}' }) cache_key?: string;
  @ApiPropertyOptional({ type: 'integer', nullable: true }) simulation_id?: number | null;
  @ApiPropertyOptional({ type: String, nullable: true }) simulation_name?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) simulation_version?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) pattern?: string | null;
  @ApiProperty({ type: String, nullable: true }) reason!: string | null;
  @ApiProperty({ type: 'integer', minimum: 0 }) invalidated_count!: number;
}

export class CacheEntriesPage extends PageOf {
  @ApiProperty({ type: [CacheEntryListItem] }) entries!: CacheEntryListItem[];
}

export class InvalidationsPage extends PageOf {
  @ApiProperty({ type: [InvalidationRecord] }) invalidations!: InvalidationRecord[];
}
