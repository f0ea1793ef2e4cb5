import { MigrationInterface, QueryRunner } from 'typeorm';

// Each simulation keeps its API representation as JSON text (without its id): `document`, and
// `document_of`, the updated_at it was written for. Pages of simulations (search, versions)
// are sent from documents instead of parsing and re-serialising every stored schema: that
// was most of the service's work per search. A document counts only while document_of equals
// updated_at; a row written by a service version without documents (a rolling upgrade) fails
// that check and is rendered from its columns instead. A change of the representation needs a
// migration that writes the documents again, like this one does for the rows it finds.

const BATCH = 500;

/** A row as this migration found it (the columns of the first migration). */
interface SimulationRow {
  id: number;
  name: string;
  version: string;
  status: string;
  created_at: number;
  updated_at: number;
  author: string | null;
  description: string;
  tags: string;
  input_schema: string;
  output_schema: string;
}

// The representation as it was when this migration was released, frozen here: a migration never
// follows later changes of the application's code (the next one extends these documents).
function formatMicros(micros: number): string {
  return `${new Date(Math.floor(micros / 1000)).toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, '0')}`;
}

function simulationDocument(row: Omit<SimulationRow, 'id'>): string {
  return (
    `{"name":${JSON.stringify(row.name)},"version":${JSON.stringify(row.version)},` +
    `"description":${JSON.stringify(row.description)},"author":${JSON.stringify(row.author)},` +
    `"tags":${row.tags},"input_schema":${row.input_schema},"output_schema":${row.output_schema},` +
    `"status":${JSON.stringify(row.status)},"created_at":"${formatMicros(row.created_at)}",` +
    `"updated_at":"${formatMicros(row.updated_at)}"}`
  );
}

async function writeDocuments(db: QueryRunner, placeholder: (n: number) => string): Promise<void> {
  for (;;) {
    const rows = (await db.query(
      `SELECT id, name, version, status, created_at, updated_at, author, description, tags, input_schema, output_schema
       FROM catalog_simulations WHERE document IS NULL ORDER BY id LIMIT ${BATCH}`,
    )) as SimulationRow[];
    for (const row of rows) {
      const updatedAt = Number(row.updated_at);
      await db.query(
        `UPDATE catalog_simulations SET document = ${placeholder(1)}, document_of = ${placeholder(2)} WHERE id = ${placeholder(3)}`,
        [simulationDocument({ ...row, created_at: Number(row.created_at), updated_at: updatedAt }), updatedAt, row.id],
      );
    }
    if (rows.length < BATCH) return;
  }
}

export class AddSimulationDocumentsSqlite1767400000000 implements MigrationInterface {
  name = 'AddSimulationDocuments1767400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE catalog_simulations ADD COLUMN document TEXT');
    await db.query('ALTER TABLE catalog_simulations ADD COLUMN document_of INTEGER');
    await writeDocuments(db, () => '?');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE catalog_simulations DROP COLUMN document_of');
    await db.query('ALTER TABLE catalog_simulations DROP COLUMN document');
  }
}

export class AddSimulationDocumentsPostgres1767400000000 implements MigrationInterface {
  name = 'AddSimulationDocuments1767400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE catalog_simulations ADD COLUMN document TEXT, ADD COLUMN document_of BIGINT');
    await writeDocuments(db, (n) => `$${n}`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE catalog_simulations DROP COLUMN document_of, DROP COLUMN document');
  }
}
