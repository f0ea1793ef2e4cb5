import { Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { DerivedSchemaObjects } from '../database/data-source-options';

// Times are integer microseconds since the epoch (see @simsvc/contracts timestamp.ts).

@Entity('cache_entries')
@Index('cache_entries_simulation', ['simulationId', 'expiresAt'])
@Index('cache_entries_expiry', ['expiresAt'])
@Index('cache_entries_created', ['createdAt'])
// PostgreSQL only, made by its migration: cache_key text_pattern_ops (key-prefix ranges).
@Index('cache_entries_key_pattern', { synchronize: false })
export class CacheEntryEntity {
  @PrimaryColumn({ name: 'cache_key', type: 'text' }) cacheKey!: string;
  /** 0 or NULL (as sent): the entry belongs to no simulation; its figures count under counter 0. */
  @Column({ name: 'simulation_id', type: 'integer', nullable: true }) simulationId!: number | null;
  @Column({ name: 'simulation_name', type: 'text' }) simulationName!: string;
  @Column({ name: 'simulation_version', type: 'text' }) simulationVersion!: string;
  @Column({ name: 'execution_id', type: 'text' }) executionId!: string;
  @Column({ name: 'squid_id', type: 'text' }) squidId!: string;
  @Column({ name: 'input_hash', type: 'text' }) inputHash!: string;
  @Column({ name: 'run_db_path', type: 'text' }) runDbPath!: string;
  /** JSON text exactly as stored, so the size and the returned bytes agree. */
  @Column({ name: 'metadata', type: 'text', nullable: true }) metadata!: string | null;
  @Column({ name: 'created_at', type: 'bigint' }) createdAt!: number;
  @Column({ name: 'expires_at', type: 'bigint' }) expiresAt!: number;
  @Column({ name: 'last_accessed_at', type: 'bigint', nullable: true }) lastAccessedAt!: number | null;
  @Column({ name: 'hit_count', type: 'integer', default: 0 }) hitCount!: number;
  /** Serialized size of the entry as GET returns it with hit_count 0. */
  @Column({ name: 'size_bytes', type: 'integer' }) sizeBytes!: number;
}

/** Hits, misses and invalidations per simulation since the store was created (0: no simulation, and unattributed misses). */
@Entity('cache_counters')
export class CacheCounterEntity {
  @PrimaryColumn({ name: 'simulation_id', type: 'integer' }) simulationId!: number;
  @Column({ type: 'bigint', default: 0 }) hits!: number;
  @Column({ type: 'bigint', default: 0 }) misses!: number;
  @Column({ type: 'bigint', default: 0 }) invalidations!: number;
}

/** Audit log of invalidations (single-key deletes and selector invalidations). */
@Entity('cache_invalidations')
export class CacheInvalidationEntity {
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  @Index('cache_invalidations_at') @Column({ type: 'bigint' }) at!: number;
  @Column({ type: 'text' }) actor!: string;
  @Column({ name: 'cache_key', type: 'text', nullable: true }) cacheKey!: string | null;
  @Column({ name: 'simulation_id', type: 'integer', nullable: true }) simulationId!: number | null;
  @Column({ name: 'simulation_name', type: 'text', nullable: true }) simulationName!: string | null;
  @Column({ name: 'simulation_version', type: 'text', nullable: true }) simulationVersion!: string | null;
  @Column({ type: 'text', nullable: true }) pattern!: string | null;
  @Column({ type: 'text', nullable: true }) reason!: string | null;
  @Column({ name: 'invalidated_count', type: 'integer' }) invalidatedCount!: number;
}

/** The cache's schema beside its tables and indexes (see DerivedSchemaObjects): SQLite has no key-pattern index. */
export const CACHE_DERIVED_OBJECTS: Readonly<Partial<Record<'sqlite' | 'postgresql', DerivedSchemaObjects>>> = {
  sqlite: { absentIndexes: ['cache_entries.cache_entries_key_pattern'] },
};
