import { Injectable } from '@nestjs/common';
import { InjectStoreDatabase, RESULTS_STORE, ResultEntity, StoreDatabase } from '@simsvc/persistence';
import { EntityManager } from 'typeorm';
import { NewResult, ParameterRow, ResultRecord } from './result.record';
import { parameterSet } from './parameter-set';
import {
  ADD_PARAMETER_SET,
  BUMP_REVISION,
  DELETE_PARAMETERS,
  FIND_PARAMETER_SET,
  FIND_RESULT,
  INSERT_PARAMETERS,
  PREVIOUS_SIMULATIONS,
  RESULT_EXISTS,
  UPSERT_RESULT,
} from './results.statements';

/** What registration stored: the result's id and the id of its parameter set. */
export interface StoredIds {
  resultId: number;
  schemaId: number;
}

/** Registration, retrieval and deletion of results. */
@Injectable()
export class ResultsRepository {
  constructor(@InjectStoreDatabase(RESULTS_STORE) private readonly db: StoreDatabase) {}

  /**
   * Stores the result, its parameter set and its parameter rows in one transaction. A result of
   * an execution_id registered already is updated in place (same id and created_at) and its
   * parameter rows are written anew.
   */
  store(result: NewResult, parameters: ParameterRow[], createdAt: number): Promise<StoredIds> {
    return this.db.transaction((manager) => this.storeWith(manager, result, parameters, createdAt));
  }

  /**
   * Stores several results in one transaction (bulk registration), each as store() does; answers
   * for each whether its execution_id was registered already. Per batch rather than per result:
   * the parameter set's id (a sweep's runs share one) and the revision bumps; the previous
   * parameter rows are looked for only where the result was there before. A new result costs
   * three statements (existence, upsert, parameters) where store() needs seven.
   */
  storeMany(results: { result: NewResult; parameters: ParameterRow[] }[], createdAt: number): Promise<boolean[]> {
    return this.db.transaction(async (manager) => {
      const setIds = new Map<string, number>();
      const touched = new Set<string>();
      const updated: boolean[] = [];
      for (const { result, parameters } of results) {
        const set = parameterSet(parameters);
        const setKey = `${result.simulation_name}\u0000${set.fingerprint}`;
        let schemaId = setIds.get(setKey);
        if (schemaId === undefined) {
          schemaId = await this.parameterSetId(manager, result.simulation_name, parameters);
          setIds.set(setKey, schemaId);
        }
        const existing = await this.db.query<{ id: number }>(RESULT_EXISTS, [result.execution_id], manager);
        const id = await this.upsert(manager, result, createdAt, schemaId);
        if (existing.length > 0) {
          const previous = await this.db.query<{ simulation_name: string }>(PREVIOUS_SIMULATIONS, [id], manager);
          for (const row of previous) touched.add(row.simulation_name);
          if (previous.length > 0) await this.db.execute(DELETE_PARAMETERS, [id], manager);
        }
        if (parameters.length > 0)
          await this.db.execute(INSERT_PARAMETERS, [id, result.simulation_name, JSON.stringify(parameters)], manager);
        touched.add(result.simulation_name);
        updated.push(existing.length > 0);
      }
      await this.bumpRevisions(manager, [...touched]);
      return updated;
    });
  }

  private async upsert(manager: EntityManager, result: NewResult, createdAt: number, schemaId: number): Promise<number> {
    const [{ id }] = await this.db.query<{ id: number }>(
      UPSERT_RESULT,
      [
        result.execution_id,
        result.simulation_name,
        result.simulation_version,
        result.squid_id,
        result.status,
        result.duration_seconds,
        JSON.stringify(result.input_params),
        JSON.stringify(result.output_params),
        JSON.stringify(result.schema),
        result.run_db_path,
        result.metadata === null ? null : JSON.stringify(result.metadata),
        createdAt,
        result.completed_at,
        schemaId,
      ],
      manager,
    );
    return Number(id);
  }

  private async storeWith(manager: EntityManager, result: NewResult, parameters: ParameterRow[], createdAt: number): Promise<StoredIds> {
    {
      const schemaId = await this.parameterSetId(manager, result.simulation_name, parameters);
      const id = await this.upsert(manager, result, createdAt, schemaId);
      // The row is locked by the upsert, so no other writer touches its parameters meanwhile.
      const previous = await this.db.query<{ simulation_name: string }>(PREVIOUS_SIMULATIONS, [id], manager);
      if (previous.length > 0) await this.db.execute(DELETE_PARAMETERS, [id], manager);
      if (parameters.length > 0) {
        await this.db.execute(INSERT_PARAMETERS, [id, result.simulation_name, JSON.stringify(parameters)], manager);
      }
      await this.bumpRevisions(manager, [result.simulation_name, ...previous.map((row) => row.simulation_name)]);
      return { resultId: id, schemaId };
    }
  }

  /** The id of the simulation's parameter set of these rows, added when new. */
  private async parameterSetId(manager: EntityManager, simulationName: string, parameters: ParameterRow[]): Promise<number> {
    const set = parameterSet(parameters);
    const [added] = await this.db.query<{ id: number }>(ADD_PARAMETER_SET, [simulationName, set.fingerprint, set.parameters], manager);
    if (added) return Number(added.id);
    const [found] = await this.db.query<{ id: number }>(FIND_PARAMETER_SET, [simulationName, set.fingerprint], manager);
    return Number(found.id);
  }

  async find(executionId: string): Promise<ResultRecord | null> {
    const [record] = await this.db.query<ResultRecord>(FIND_RESULT, [executionId]);
    return record ?? null;
  }

  /** Deletes the result (its parameter rows go with it); false when there was none. */
  remove(executionId: string): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const results = manager.getRepository(ResultEntity);
      const result = await results.findOne({ select: { id: true, simulationName: true }, where: { executionId } });
      if (!result) return false;
      // Another deletion may have taken it since: only the one that deleted it bumps the revision.
      const { affected } = await results.delete({ id: result.id });
      if (!affected) return false;
      await this.bumpRevisions(manager, [result.simulationName]);
      return true;
    });
  }

  private async bumpRevisions(manager: EntityManager, simulations: string[]): Promise<void> {
    // In a fixed order, so that two transactions never wait for each other's rows.
    for (const simulation of [...new Set(simulations)].sort()) await this.db.execute(BUMP_REVISION, [simulation], manager);
  }
}
