import { MigrationInterface, QueryRunner } from 'typeorm';

// sim2l's `visibility` and `license` of a simulation (contract §7), stored as sent. Stored
// documents (see the documents migration) gain both fields at their end, null for the rows found
// here, as the sim2l-compatibility migration extended them with the provenance fields.

const DOCUMENT_TAIL = `',"visibility":null,"license":null}'`;

// Every document ends with the closing brace of its object: the new fields go before it.
const EXTEND_DOCUMENTS = `UPDATE catalog_simulations SET document = substr(document, 1, length(document) - 1) || ${DOCUMENT_TAIL}
  WHERE document IS NOT NULL`;

// A document without the two fields, as this migration's down() leaves it.
const SHORTEN_DOCUMENTS = `UPDATE catalog_simulations SET document = substr(document, 1, length(document) - length(${DOCUMENT_TAIL})) || '}'
  WHERE document IS NOT NULL AND visibility IS NULL AND license IS NULL`;

export class SimulationVisibilityLicenseSqlite1769300000000 implements MigrationInterface {
  name = 'SimulationVisibilityLicense1769300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "catalog_simulations" ADD COLUMN "visibility" text');
    await db.query('ALTER TABLE "catalog_simulations" ADD COLUMN "license" text');
    await db.query(EXTEND_DOCUMENTS);
  }

  async down(db: QueryRunner): Promise<void> {
    // Documents of rows given either field are no longer current: they are written again from the columns.
    await db.query('UPDATE catalog_simulations SET document_of = NULL WHERE visibility IS NOT NULL OR license IS NOT NULL');
    await db.query(SHORTEN_DOCUMENTS);
    await db.query('ALTER TABLE "catalog_simulations" DROP COLUMN "license"');
    await db.query('ALTER TABLE "catalog_simulations" DROP COLUMN "visibility"');
  }
}

export class SimulationVisibilityLicensePostgres1769300000000 implements MigrationInterface {
  name = 'SimulationVisibilityLicense1769300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE "catalog_simulations" ADD COLUMN "visibility" text, ADD COLUMN "license" text');
    await db.query(EXTEND_DOCUMENTS);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('UPDATE catalog_simulations SET document_of = NULL WHERE visibility IS NOT NULL OR license IS NOT NULL');
    await db.query(SHORTEN_DOCUMENTS);
    await db.query('ALTER TABLE "catalog_simulations" DROP COLUMN "license", DROP COLUMN "visibility"');
  }
}
