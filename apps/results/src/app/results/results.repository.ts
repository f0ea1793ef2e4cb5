import { Injectable } from '@nestjs/common';
import { InjectStoreDatabase, RESULTS_STORE, ResultEntity, StoreDatabase } from '@simsvc/persistence';
import { EntityManager } from 'typeorm';
import { NewResult, ParameterRow, ResultRecord } from './result.record';
import { parameterSet } from './parameter-set';
import { storedSchemaText } from './stored-schema';
import {
  ADD_PARAMETER_SET,
  BUMP_REVISION,
  DELETE_PREVIOUS_PARAMETERS,
  DELETE_PREVIOUS_PARAMETERS_OF_ONE,
  FIND_PARAMETER_SET,
  FIND_RESULT,
  INSERT_PARAMETERS,
  INSERT_PARAMETERS_OF_ONE,
  REGISTERED_EXECUTIONS,
  UPSERT_RESULT,
  UPSERT_RESULTS,
} from './results.statements';

/** What registration stored: the result's id and the id of its parameter set. */
export interface StoredIds {
  resultId: number;
  schemaId: number;
}

/** What bulk registration stored, and whether the execution_id was registered before. */
export interface BulkStoredIds extends StoredIds {
  updated: boolean;
}

/** A result to store with its parameter rows. */
export interface ResultToStore {
  result: NewResult;
  parameters: ParameterRow[];
}

/** Registration, retrieval and deletion of results. */
@Injectable()
export class ResultsRepository {
  constructor(@InjectStoreDatabase(RESULTS_STORE) private readonly db: StoreDatabase) {}

  /**
   * Stores the result, its parameter set and its parameter rows in one transaction, through the
   * one-result statements (see results.statements.ts). A result of an execution_id registered
   * already is updated in place (same id and created_at) and its parameter rows are written anew.
   */
  store(result: NewResult, parameters: ParameterRow[], createdAt: number): Promise<StoredIds> {
    return this.db.transaction(async (manager) => {
      const schemaId = await this.parameterSetId(manager, result.simulation_name, parameters);
      const [upserted] = await this.db.query<{ id: number }>(UPSERT_RESULT, resultColumns(result, createdAt, schemaId), manager);
      const resultId = Number(upserted.id);
      const gone = await this.db.query<{ simulation_name: string }>(DELETE_PREVIOUS_PARAMETERS_OF_ONE, [resultId], manager);
      if (parameters.length > 0)
        await this.db.execute(INSERT_PARAMETERS_OF_ONE, [resultId, result.simulation_name, JSON.stringify(parameters)], manager);
      await this.bumpRevisions(manager, [result.simulation_name, ...gone.map((row) => row.simulation_name)]);
      return { resultId, schemaId };
    });
  }

  /**
   * Stores several results in one transaction (bulk registration), each as store() does, in
   * order: of an execution_id given twice, the later wins. Each step is one bulk statement for
   * all of them (StoreDatabase.queryEach), and the revisions are bumped once.
   */
  storeMany(items: readonly ResultToStore[], createdAt: number): Promise<BulkStoredIds[]> {
    return this.db.transaction(async (manager) => {
      const stored: BulkStoredIds[] = new Array(items.length);
      const touched = new Set<string>();
      const setIds = await this.parameterSetIds(manager, items);
      for (const round of distinctRounds(items)) {
        const executions = round.map((index) => items[index].result.execution_id);
        const registered = await this.registered(manager, executions);
        const upserted = await this.db.queryEach<{ id: number; execution_id: string }>(
          UPSERT_RESULTS,
          mapLazily(round, (index) => resultColumns(items[index].result, createdAt, setIds[index])),
          manager,
        );
        const ids = new Map(upserted.map((row) => [row.execution_id, Number(row.id)]));
        const gone = await this.db.queryEach<{ simulation_name: string }>(
          DELETE_PREVIOUS_PARAMETERS,
          [...ids.values()].map((id) => [id]),
          manager,
        );
        for (const row of gone) touched.add(row.simulation_name);
        for (const index of round) {
          const { result } = items[index];
          touched.add(result.simulation_name);
          stored[index] = {
            resultId: ids.get(result.execution_id)!,
            schemaId: setIds[index],
            updated: registered.has(result.execution_id),
          };
        }
        await this.db.queryEach(INSERT_PARAMETERS, parameterValues(round.map((index) => [items[index], stored[index].resultId])), manager);
      }
      await this.bumpRevisions(manager, [...touched]);
      return stored;
    });
  }

  /** Which of these execution ids are registered. */
  private async registered(manager: EntityManager, executions: string[]): Promise<Set<string>> {
    const rows = await this.db.queryEach<{ execution_id: string }>(
      REGISTERED_EXECUTIONS,
      executions.map((execution) => [execution]),
      manager,
    );
    return new Set(rows.map((row) => row.execution_id));
  }

  /** The parameter set id of each item, looked up once per distinct set. */
  private async parameterSetIds(manager: EntityManager, items: readonly ResultToStore[]): Promise<number[]> {
    const known = new Map<string, number>();
    const ids: number[] = [];
    for (const { result, parameters } of items) {
      // The rows' triples in their own order: cheaper than the set's sorted text and hash, and equal for a sweep's runs.
      const key = JSON.stringify([result.simulation_name, parameters.map((row) => [row.paramClass, row.name, row.schemaType])]);
      let id = known.get(key);
      if (id === undefined) {
        id = await this.parameterSetId(manager, result.simulation_name, parameters);
        known.set(key, id);
      }
      ids.push(id);
    }
    return ids;
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

/**
 * The items' indexes in rounds of distinct execution ids, in order: an id's k-th occurrence is in
 * round k, so storing the rounds one after the other stores every occurrence in turn.
 */
function distinctRounds(items: readonly ResultToStore[]): number[][] {
  const seen = new Map<string, number>();
  const rounds: number[][] = [];
  items.forEach(({ result }, index) => {
    const round = seen.get(result.execution_id) ?? 0;
    seen.set(result.execution_id, round + 1);
    (rounds[round] ??= []).push(index);
  });
  return rounds;
}

/** The values of INSERT_PARAMETERS's columns, row by row. */
function* parameterValues(stored: [ResultToStore, number][]): Generator<unknown[]> {
  for (const [{ result, parameters }, resultId] of stored) {
    for (const row of parameters) {
      yield [
        resultId,
        result.simulation_name,
        row.paramClass,
        row.name,
        row.valueType,
        row.schemaType,
        row.numValue,
        row.textValue,
        row.boolValue,
        row.jsonValue,
      ];
    }
  }
}

/** `items` mapped one at a time, as a bulk statement runs (on SQLite each row is garbage once run). */
function* mapLazily<T, R>(items: Iterable<T>, map: (item: T) => R): Generator<R> {
  for (const item of items) yield map(item);
}

/** The values of UPSERT_RESULTS's columns. */
function resultColumns(result: NewResult, createdAt: number, schemaId: number): unknown[] {
  return [
    result.execution_id,
    result.simulation_name,
    result.simulation_version,
    result.squid_id,
    result.status,
    result.duration_seconds,
    JSON.stringify(result.input_params),
    JSON.stringify(result.output_params),
    storedSchemaText(result.schema),
    result.run_db_path,
    result.metadata === null ? null : JSON.stringify(result.metadata),
    createdAt,
    result.completed_at,
    schemaId,
  ];
}
