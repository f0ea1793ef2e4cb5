import { MigrationInterface, QueryRunner } from 'typeorm';

// Client addresses that logged in successfully as a user (subject: the username as the login
// throttle counts it), exempt from the per-username bucket while recent; purged by age.

export class KnownAddressesSqlite1769200000000 implements MigrationInterface {
  name = 'KnownAddresses1769200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "auth_known_addresses" ("subject" text NOT NULL, "client_address" text NOT NULL, "last_login_at" bigint NOT NULL, PRIMARY KEY ("subject", "client_address"))`,
    );
    await db.query(`CREATE INDEX "auth_known_addresses_last_login" ON "auth_known_addresses" ("last_login_at") `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth_known_addresses"`);
  }
}

export class KnownAddressesPostgres1769200000000 implements MigrationInterface {
  name = 'KnownAddresses1769200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE "auth_known_addresses" ("subject" text NOT NULL, "client_address" text NOT NULL, "last_login_at" bigint NOT NULL, CONSTRAINT "PK_auth_known_addresses" PRIMARY KEY ("subject", "client_address"))`,
    );
    await db.query(`CREATE INDEX "auth_known_addresses_last_login" ON "auth_known_addresses" ("last_login_at") `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE "auth_known_addresses"`);
  }
}
