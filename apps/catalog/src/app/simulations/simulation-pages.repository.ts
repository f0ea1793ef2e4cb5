import { Injectable } from '@nestjs/common';
import { CATALOG_STORE, InjectStoreDatabase, SnapshotReader, StoreDatabase } from '@simsvc/persistence';
import { searchPage, versionsPage } from '../catalog.statements';
import { PageStatement, SearchCriteria } from './search-query.builder';
import { JsonPage } from './simulation.record';

/** The one row of a page statement (see PageStatement); COUNT is a string on PostgreSQL. */
type PageRow = { total: number | string; json: string };

/** Pages of simulations (search, versions) as JSON text, written by the database (simulationJsonSql). */
@Injectable()
export class SimulationPagesRepository {
  constructor(
    @InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase,
    private readonly reader: SnapshotReader,
  ) {}

  async search(criteria: SearchCriteria): Promise<JsonPage> {
    return jsonPage(await this.searchRows(searchPage(criteria, this.db.backend)));
  }

  async versions(name: string, limit: number, offset: number): Promise<JsonPage> {
    const { statement, params } = versionsPage(name, limit, offset, this.db.backend);
    return jsonPage(await this.db.query<PageRow>(statement, params));
  }

  /**
   * SQLite: in a worker thread (SnapshotReader), so that a search never blocks the main thread.
   * PostgreSQL: as a named prepared statement; search SQL has few shapes (token counts, tags or
   * not), each planned once per session (see the catalog store's settings).
   */
  private async searchRows({ statement, params }: PageStatement): Promise<PageRow[]> {
    if (this.db.backend === 'postgresql') return this.db.query<PageRow>(statement, params);
    const [rows] = await this.reader.read([{ sql: statement.sql as string, params }]);
    return rows as PageRow[];
  }
}

function jsonPage([row]: PageRow[]): JsonPage {
  return { json: row.json, total: Number(row.total) };
}
