import { StoreDefinition } from '../database/data-source-options';
import {
  CreateResultsTablesPostgres1767312000000,
  CreateResultsTablesSqlite1767312000000,
} from './migrations/1767312000000-create-results-tables';
import { ResultEntity, ResultParamEntity, ResultSimulationEntity } from './results.entities';

export const RESULTS_STORE: StoreDefinition = {
  name: 'results',
  entities: [ResultEntity, ResultParamEntity, ResultSimulationEntity],
  migrations: {
    sqlite: [CreateResultsTablesSqlite1767312000000],
    postgresql: [CreateResultsTablesPostgres1767312000000],
  },
};
