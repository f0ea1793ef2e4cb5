import { Injectable } from '@nestjs/common';
import { InjectStoreDatabase, RESULTS_STORE, ResultEntity, StoreDatabase } from '@simsvc/persistence';
import { EntityManager } from 'typeorm';
import { NewResult, ParameterRow, ResultRecord } from './result.record';
import {
  BUMP_REVISION,
  DELETE_PARAMETERS,
  INSERT_PARAMETERS,
  INSERT_RESULT,
  PREVIOUS_SIMULATIONS,
  RESULT_EXISTS,
  UPSERT_RESULT,
} from './results.statements';

/** Registration, retrieval and deletion of results. */
@Injectable()
export class ResultsRepository {
  constructor(@InjectStoreDatabase(RESULTS_STORE) private readonly db: StoreDatabase) {}

  /**
   * Stores the result and its parameter rows in one transaction and returns its id. Without
   * `replace` an existing execution_id fails with a unique violation; with it the existing result
   * is updated in place (same id and created_at) and its parameter rows are written anew.
   */
  store(result: NewResult, parameters: ParameterRow[], createdAt: number, replace: boolean): Promise<number> {
    return this.db.transaction(async (manager) => {
      const [{ id }] = await this.db.query<{ id: number }>(
        replace ? UPSERT_RESULT : INSERT_RESULT,
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
        ],
        manager,
      );
      // The row is locked by the upsert, so no other writer touches its parameters meanwhile.
      const previous = replace ? await this.db.query<{ simulation_name: string }>(PREVIOUS_SIMULATIONS, [id], manager) : [];
      if (previous.length > 0) await this.db.execute(DELETE_PARAMETERS, [id], manager);
      if (parameters.length > 0) {
        await this.db.execute(INSERT_PARAMETERS, [id, result.simulation_name, JSON.stringify(parameters)], manager);
      }
      await this.bumpRevisions(manager, [result.simulation_name, ...previous.map((row) => row.simulation_name)]);
      return Number(id);
    });
  }

  async isRegistered(executionId: string): Promise<boolean> {
    return (await this.db.query(RESULT_EXISTS, [executionId])).length > 0;
  }

  find(executionId: string): Promise<ResultRecord | null> {
    return this.db.run((manager) => manager.getRepository(ResultEntity).findOneBy({ executionId }));
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
