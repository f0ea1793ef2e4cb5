import { Backend } from '../lib/database/database-config';
import { dataSourceOptions, StoreDefinition } from '../lib/database/data-source-options';
import { openDataSource } from '../lib/database/open-data-source';
import { SnapshotReader } from '../lib/database/snapshot-reader';
import { StoreDatabase } from '../lib/database/store-database';
import { createScratchDatabase } from './scratch-database';

/** A migrated store in a scratch database: what a repository needs, as the services open it. */
export interface TestStore {
  backend: Backend;
  db: StoreDatabase;
  reader: SnapshotReader;
  close(): Promise<void>;
}

/** The backend of this jest project (`<name>:medium:sqlite` or `<name>:medium:postgresql`). */
export function mediumTierBackend(): Backend {
  const backend = process.env['SIMSVC_TEST_BACKEND'];
  if (backend !== 'sqlite' && backend !== 'postgresql')
    throw new Error('a medium-tier spec runs in a <name>:medium:<backend> jest project');
  return backend;
}

export async function openTestStore(store: StoreDefinition, backend: Backend = mediumTierBackend()): Promise<TestStore> {
  const scratch = await createScratchDatabase(backend);
  const dataSource = await openDataSource(store.name, dataSourceOptions(scratch.config, store), 5);
  const reader = new SnapshotReader(dataSource, backend === 'sqlite' ? scratch.config.path : undefined, 1);
  return {
    backend,
    db: new StoreDatabase(dataSource),
    reader,
    close: async () => {
      await reader.onModuleDestroy();
      await dataSource.destroy();
      await scratch.drop();
    },
  };
}
