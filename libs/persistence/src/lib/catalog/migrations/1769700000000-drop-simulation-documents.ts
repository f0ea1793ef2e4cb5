import { MigrationInterface, QueryRunner } from 'typeorm';

// The service writes every simulation response from the columns of catalog_simulations (one
// mapper, apps/catalog/src/app/simulations/simulation.record.ts), so the stored documents of the
// 1767400000000 migration and the updated_at they were written for go. Reverting adds both
// columns back empty: the service version before this one renders a row without a current
// document from its columns.

export class DropSimulationDocumentsSqlite1769700000000 implements MigrationInterface {
  name = 'DropSimulationDocuments1769700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "catalog_simulations" DROP COLUMN "document_of"');
    await db.query('ALTER TABLE "catalog_simulations" DROP COLUMN "document"');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "catalog_simulations" ADD COLUMN "document" text');
    await db.query('ALTER TABLE "catalog_simulations" ADD COLUMN "document_of" bigint');
  }
}

export class DropSimulationDocumentsPostgres1769700000000 implements MigrationInterface {
  name = 'DropSimulationDocuments1769700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "catalog_simulations" DROP COLUMN "document_of", DROP COLUMN "document"');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "catalog_simulations" ADD COLUMN "document" text, ADD COLUMN "document_of" bigint');
  }
}
