import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

// The results store's schema (its migrations create exactly these tables). Times are integer
// microseconds since the epoch. Ids are INTEGER on both backends: SQLite's AUTOINCREMENT takes no
// other type.

/**
 * One registered run. Parameter values and schemas are kept whole, as JSON text, for retrieval.
 * Ids follow registration order (a replaced result gets a new one): searches list the newest
 * first by (simulation_name, id).
 */
@Entity('results')
@Index('results_execution_id', ['executionId'], { unique: true })
@Index('results_simulation', ['simulationName', 'id'])
@Index('results_simulation_schema', ['simulationName', 'schemaId'])
export class ResultEntity {
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  @Column({ name: 'execution_id', type: 'text' }) executionId!: string;
  @Column({ name: 'simulation_name', type: 'text' }) simulationName!: string;
  @Column({ name: 'simulation_version', type: 'text' }) simulationVersion!: string;
  @Column({ name: 'squid_id', type: 'text', nullable: true }) squidId!: string | null;
  @Column({ type: 'text' }) status!: string;
  @Column({ name: 'duration_seconds', type: 'double precision', nullable: true }) durationSeconds!: number | null;
  /** JSON text `{NAME: value}`. */
  @Column({ name: 'input_params', type: 'text' }) inputParams!: string;
  @Column({ name: 'output_params', type: 'text' }) outputParams!: string;
  /** JSON text `{inputs: {NAME: schema}, outputs: {NAME: schema}}`. */
  @Column({ type: 'text' }) schema!: string;
  @Column({ name: 'run_db_path', type: 'text', nullable: true }) runDbPath!: string | null;
  @Column({ type: 'text', nullable: true }) metadata!: string | null;
  @Column({ name: 'created_at', type: 'bigint' }) createdAt!: number;
  @Column({ name: 'completed_at', type: 'bigint', nullable: true }) completedAt!: number | null;
  /** The parameter set the result was indexed under (result_schemas); NULL for results registered before there were any. */
  @Column({ name: 'schema_id', type: 'integer', nullable: true }) schemaId!: number | null;
}

/**
 * The parameter sets of each simulation: the names, classes and types of its results' parameters
 * (sim2l's schema_id). Runs whose databases share a schema share one row; a changed schema makes
 * a new one. `fingerprint` is the SHA-256 of `parameters`, the set as sorted JSON.
 */
@Entity('result_schemas')
@Index('result_schemas_simulation_fingerprint', ['simulationName', 'fingerprint'], { unique: true })
export class ResultSchemaEntity {
  @PrimaryGeneratedColumn({ type: 'integer' }) id!: number;
  @Column({ name: 'simulation_name', type: 'text' }) simulationName!: string;
  @Column({ type: 'text' }) fingerprint!: string;
  @Column({ type: 'text' }) parameters!: string;
}

/**
 * One parameter value of one result, typed so that search and statistics run in SQL on indexes:
 * exactly one of num_value (numbers), text_value (short strings), bool_value (booleans, 0/1) or
 * json_value (arrays and objects as canonical JSON, and long strings as JSON) is set, or none for
 * null. simulation_name is copied from the result so that one index range holds every value of
 * one parameter of one simulation. Three partial indexes partition the rows: numbers, short
 * strings, and everything else (by value_type). result_params_run_numbers holds each run's numbers
 * in its own order, so that aggregates read them without the table.
 */
@Entity('result_params')
@Check('result_params_class', "param_class IN ('input', 'output')")
@Check('result_params_type', "value_type IN ('number', 'string', 'boolean', 'null', 'array', 'object')")
@Index('result_params_number', ['simulationName', 'paramClass', 'name', 'numValue', 'resultId'], { where: 'num_value IS NOT NULL' })
@Index('result_params_text', ['simulationName', 'paramClass', 'name', 'textValue', 'resultId'], { where: 'text_value IS NOT NULL' })
@Index('result_params_other', ['simulationName', 'paramClass', 'name', 'valueType', 'boolValue', 'resultId'], {
  where: 'num_value IS NULL AND text_value IS NULL',
})
@Index('result_params_run_numbers', ['resultId', 'paramClass', 'name', 'numValue'], { where: 'num_value IS NOT NULL' })
export class ResultParamEntity {
  @PrimaryColumn({ name: 'result_id', type: 'integer' }) resultId!: number;
  @ManyToOne(() => ResultEntity, { onDelete: 'CASCADE', createForeignKeyConstraints: true })
  @JoinColumn({ name: 'result_id', foreignKeyConstraintName: 'result_params_result_id_fkey' })
  result?: ResultEntity;
  @PrimaryColumn({ name: 'param_class', type: 'text' }) paramClass!: 'input' | 'output';
  @PrimaryColumn({ type: 'text' }) name!: string;
  @Column({ name: 'simulation_name', type: 'text' }) simulationName!: string;
  /** number, string, boolean, null, array or object: the JSON type of the value. */
  @Column({ name: 'value_type', type: 'text' }) valueType!: 'number' | 'string' | 'boolean' | 'null' | 'array' | 'object';
  /** The type the result's schema gives the parameter (e.g. `integer`). */
  @Column({ name: 'schema_type', type: 'text', nullable: true }) schemaType!: string | null;
  @Column({ name: 'num_value', type: 'double precision', nullable: true }) numValue!: number | null;
  @Column({ name: 'text_value', type: 'text', nullable: true }) textValue!: string | null;
  @Column({ name: 'bool_value', type: 'smallint', nullable: true }) boolValue!: 0 | 1 | null;
  @Column({ name: 'json_value', type: 'text', nullable: true }) jsonValue!: string | null;
}

/**
 * The revision of each simulation's results: it changes with every registration or deletion, so
 * figures computed at one revision (parameter statistics) stay valid while it holds.
 */
@Entity('result_simulations')
export class ResultSimulationEntity {
  @PrimaryColumn({ name: 'simulation_name', type: 'text' }) simulationName!: string;
  @Column({ type: 'bigint' }) revision!: number;
}
