import { Injectable } from '@nestjs/common';
import { simulationDocument, simulationJson } from '@simsvc/contracts';
import {
  CATALOG_STORE,
  CatalogSimulationEntity,
  InjectStoreDatabase,
  NamedStatement,
  SnapshotReader,
  StoreDatabase,
} from '@simsvc/persistence';
import { searchPage, versionsPage } from '../catalog.statements';
import { PageStatements, SearchCriteria } from './search-query.builder';
import { JsonPage, SimulationDocumentRow, storedSimulation } from './simulation.record';

/** A page row as read: the document is NULL when missing or stale. */
type PageRow = { id: number; document: string | null };

/** A page as the database writes it. */
type JsonPageRow = { json: string; stale: number; total: number };

type Read = <T>(statement: NamedStatement, params: unknown[]) => Promise<T[]>;

/** Pages of simulations (search, versions) as JSON text, written by the database from stored documents. */
@Injectable()
export class SimulationPagesRepository {
  constructor(
    @InjectStoreDatabase(CATALOG_STORE) private readonly db: StoreDatabase,
    private readonly reader: SnapshotReader,
  ) {}

  search(criteria: SearchCriteria): Promise<JsonPage> {
    return this.page(searchPage(criteria, this.db.backend), (statement, params) => this.searchRows(statement, params));
  }

  versions(name: string, limit: number, offset: number): Promise<JsonPage> {
    return this.page(versionsPage(name, limit, offset), (statement, params) => this.db.query(statement, params));
  }

  /**
   * The page as the database writes it; when one of its documents is missing or stale (written by
   * a service version without documents, during a rolling upgrade), from its rows instead, with
   * such rows rendered from their columns.
   */
  private async page(statements: PageStatements, read: Read): Promise<JsonPage> {
    const [{ json, stale, total }] = await read<JsonPageRow>(statements.json, statements.params);
    if (Number(stale) === 0) return { json, total: Number(total) };
    const rows = await this.withDocuments(await read<PageRow>(statements.rows, statements.params));
    return { json: `[${rows.map((row) => simulationJson(row.id, row.document)).join(',')}]`, total: Number(total) };
  }

  /** Every row with a current document; a row deleted since the page was read leaves the page. */
  private async withDocuments(rows: PageRow[]): Promise<SimulationDocumentRow[]> {
    const current = await Promise.all(
      rows.map(async (row) => {
        if (row.document !== null) return { id: row.id, document: row.document };
        const record = await this.db.run((manager) => manager.getRepository(CatalogSimulationEntity).findOneBy({ id: row.id }));
        return record && { id: record.id, document: simulationDocument(storedSimulation(record)) };
      }),
    );
    return current.filter((row) => row !== null);
  }

  /**
   * SQLite: in a worker thread (SnapshotReader), so that a search never blocks the main thread.
   * PostgreSQL: as a named prepared statement; search SQL has few shapes (token counts, tags or
   * not), each planned once per session (see the catalog store's settings).
   */
  private async searchRows<T>(statement: NamedStatement, params: unknown[]): Promise<T[]> {
    if (this.db.backend === 'postgresql') return this.db.query<T>(statement, params);
    const [rows] = await this.reader.read([{ sql: statement.sql as string, params }]);
    return rows as T[];
  }
}
