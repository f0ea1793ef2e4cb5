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
   * for each whether its execution_id was registered already.
   */
  storeMany(results: { result: NewResult; parameters: ParameterRow[] }[], createdAt: number): Promise<boolean[]> {
    return this.db.transaction(async (manager) => {
      const updated: boolean[] = [];
      for (const { result, parameters } of results) {
        const existing = await this.db.query<{ id: number }>(RESULT_EXISTS, [result.execution_id], manager);
        await this.storeWith(manager, result, parameters, createdAt);
        updated.push(existing.length > 0);
      }
      return updated;
    });
  }

  private async storeWith(manager: EntityManager, result: NewResult, parameters: ParameterRow[], createdAt: number): Promise<StoredIds> {
    {
      const schemaId = await this.parameterSetId(manager, result.simulation_name, parameters);
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
      // The row is locked by the upsert, so no other writer touches its parameters meanwhile.
      const previous = await this.db.query<{ simulation_name: string }>(PREVIOUS_SIMULATIONS, [id], manager);
      if (previous.length > 0) await this.db.execute(DELETE_PARAMETERS, [id], manager);
      if (parameters.length > 0) {
        await this.db.execute(INSERT_PARAMETERS, [id, result.simulation_name, JSON.stringify(parameters)], manager);
      }
      await this.bumpRevisions(manager, [result.simulation_name, ...previous.map((row) => row.simulation_name)]);
      return { resultId: Number(id), schemaId };
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
