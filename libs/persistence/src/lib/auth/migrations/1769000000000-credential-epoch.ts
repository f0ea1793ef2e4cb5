import { MigrationInterface, QueryRunner } from 'typeorm';

// Issue 22. Users get a credential epoch (incremented with every change that ends their sessions)
// and their name's normal forms: username_key (NFKC, then JavaScript's lower-case; lookups) and
// username_skeleton (the key without combining marks; unique, and what login throttling counts),
// replacing the unique index on lower(username), whose folding differed between the backends.
// Sessions refer to users by id (never reused) and carry the epoch they were created under, and
// an anonymous session the session it was minted from. Existing rows: each user's forms are
// computed here (a frozen copy of usernameKey/usernameSkeleton), and the migration stops, naming
// them, when two users share a skeleton; existing sessions are matched to users by name, epoch 0.

const usernameKey = (username: string): string => username.normalize('NFKC').toLowerCase();
const usernameSkeleton = (username: string): string =>
  usernameKey(username).normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();

/** Fills username_key and username_skeleton of every user; refuses when two users share a skeleton. */
async function fillUsernameForms(db: QueryRunner): Promise<void> {
  const users = (await db.query('SELECT id, username FROM auth_users ORDER BY id')) as { id: number; username: string }[];
  const bySkeleton = new Map<string, string[]>();
  for (const user of users) {
    const skeleton = usernameSkeleton(user.username);
    bySkeleton.set(skeleton, [...(bySkeleton.get(skeleton) ?? []), user.username]);
  }
  const clashes = [...bySkeleton.values()].filter((names) => names.length > 1);
  if (clashes.length > 0) {
    const listed = clashes.map((names) => names.join(', ')).join('; ');
    throw new Error(`usernames must differ by more than case, width and diacritics; rename or delete all but one of each: ${listed}`);
  }
  const placeholder = db.connection.driver.options.type === 'postgres' ? ['$1', '$2', '$3'] : ['?', '?', '?'];
  for (const user of users) {
    await db.query(
      `UPDATE auth_users SET username_key = ${placeholder[0]}, username_skeleton = ${placeholder[1]} WHERE id = ${placeholder[2]}`,
      [usernameKey(user.username), usernameSkeleton(user.username), user.id],
    );
  }
}

const LINK_SESSIONS = `UPDATE auth_sessions SET
  user_id = (SELECT id FROM auth_users WHERE auth_users.username = auth_sessions.username),
  issuer_id = (SELECT id FROM auth_users WHERE auth_users.username = auth_sessions.issued_by)`;
const SESSION_EPOCHS = 'UPDATE auth_sessions SET credential_epoch = 0 WHERE user_id IS NOT NULL OR issuer_id IS NOT NULL';

export class CredentialEpochSqlite1769000000000 implements MigrationInterface {
  name = 'CredentialEpoch1769000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX "auth_users_username_folded"`);
    await db.query(`DROP INDEX "auth_users_username"`);
    await db.query(
      `CREATE TABLE "temporary_auth_users" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" text NOT NULL, "email" text, "role" text NOT NULL, "password_hash" text NOT NULL, "disabled" boolean NOT NULL DEFAULT (0), "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL, "username_key" text NOT NULL, "username_skeleton" text NOT NULL, "credential_epoch" integer NOT NULL DEFAULT (0))`,
    );
    await db.query(
      `INSERT INTO "temporary_auth_users"("id", "username", "email", "role", "password_hash", "disabled", "created_at", "updated_at", "username_key", "username_skeleton") SELECT "id", "username", "email", "role", "password_hash", "disabled", "created_at", "updated_at", "username", "username" FROM "auth_users"`,
    );
    await carryCounter(db, 'auth_users', 'temporary_auth_users');
    await db.query(`DROP TABLE "auth_users"`);
    await db.query(`ALTER TABLE "temporary_auth_users" RENAME TO "auth_users"`);
    await fillUsernameForms(db);
    await db.query(`CREATE UNIQUE INDEX "auth_users_username" ON "auth_users" ("username") `);
    await db.query(`CREATE UNIQUE INDEX "auth_users_username_skeleton" ON "auth_users" ("username_skeleton") `);
    await db.query(`CREATE UNIQUE INDEX "auth_users_username_key" ON "auth_users" ("username_key") `);

    await db.query(`DROP INDEX "auth_sessions_username"`);
    await db.query(`DROP INDEX "auth_sessions_issued_by"`);
    await db.query(`DROP INDEX "auth_sessions_expires"`);
    await db.query(
      `CREATE TABLE "temporary_auth_sessions" ("id" text PRIMARY KEY NOT NULL, "username" text, "issued_by" text, "role" text NOT NULL, "privileges" text NOT NULL, "lifetime_seconds" integer NOT NULL, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "revoked_at" bigint, "user_id" integer, "issuer_id" integer, "credential_epoch" integer, "minted_by" text)`,
    );
    await db.query(
      `INSERT INTO "temporary_auth_sessions"("id", "username", "issued_by", "role", "privileges", "lifetime_seconds", "created_at", "expires_at", "revoked_at") SELECT "id", "username", "issued_by", "role", "privileges", "lifetime_seconds", "created_at", "expires_at", "revoked_at" FROM "auth_sessions"`,
    );
    await db.query(`DROP TABLE "auth_sessions"`);
    await db.query(`ALTER TABLE "temporary_auth_sessions" RENAME TO "auth_sessions"`);
    await db.query(LINK_SESSIONS);
    await db.query(SESSION_EPOCHS);
    await db.query(`CREATE INDEX "auth_sessions_expires" ON "auth_sessions" ("expires_at") `);
    await db.query(`CREATE INDEX "auth_sessions_minted_by" ON "auth_sessions" ("minted_by") `);
    await db.query(`CREATE INDEX "auth_sessions_issuer" ON "auth_sessions" ("issuer_id") `);
    await db.query(`CREATE INDEX "auth_sessions_user" ON "auth_sessions" ("user_id") `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE previous_auth_sessions ${SESSIONS_BEFORE}`);
    await db.query(
      'INSERT INTO previous_auth_sessions SELECT id, username, issued_by, role, privileges, lifetime_seconds, created_at, expires_at, revoked_at FROM auth_sessions',
    );
    await db.query('DROP TABLE auth_sessions');
    await db.query('ALTER TABLE previous_auth_sessions RENAME TO auth_sessions');
    await db.query('CREATE INDEX auth_sessions_expires ON auth_sessions (expires_at)');
    await db.query('CREATE INDEX auth_sessions_issued_by ON auth_sessions (issued_by)');
    await db.query('CREATE INDEX auth_sessions_username ON auth_sessions (username)');
    await db.query(`CREATE TABLE previous_auth_users ${USERS_BEFORE}`);
    await db.query(
      'INSERT INTO previous_auth_users SELECT id, username, email, role, password_hash, disabled, created_at, updated_at FROM auth_users',
    );
    await carryCounter(db, 'auth_users', 'previous_auth_users');
    await db.query('DROP TABLE auth_users');
    await db.query('ALTER TABLE previous_auth_users RENAME TO auth_users');
    await db.query('CREATE UNIQUE INDEX auth_users_username_folded ON auth_users (lower(username))');
    await db.query('CREATE UNIQUE INDEX auth_users_username ON auth_users (username)');
  }
}

export class CredentialEpochPostgres1769000000000 implements MigrationInterface {
  name = 'CredentialEpoch1769000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "public"."auth_users_username_folded"');
    await db.query('ALTER TABLE "auth_users" ADD "username_key" text');
    await db.query('ALTER TABLE "auth_users" ADD "username_skeleton" text');
    await db.query(`ALTER TABLE "auth_users" ADD "credential_epoch" integer NOT NULL DEFAULT '0'`);
    await fillUsernameForms(db);
    await db.query('ALTER TABLE "auth_users" ALTER COLUMN "username_key" SET NOT NULL');
    await db.query('ALTER TABLE "auth_users" ALTER COLUMN "username_skeleton" SET NOT NULL');
    await db.query('CREATE UNIQUE INDEX "auth_users_username_skeleton" ON "auth_users" ("username_skeleton")');
    await db.query('CREATE UNIQUE INDEX "auth_users_username_key" ON "auth_users" ("username_key")');

    await db.query('DROP INDEX "public"."auth_sessions_username"');
    await db.query('DROP INDEX "public"."auth_sessions_issued_by"');
    await db.query('ALTER TABLE "auth_sessions" ADD "user_id" integer');
    await db.query('ALTER TABLE "auth_sessions" ADD "issuer_id" integer');
    await db.query('ALTER TABLE "auth_sessions" ADD "credential_epoch" integer');
    await db.query('ALTER TABLE "auth_sessions" ADD "minted_by" text');
    await db.query(LINK_SESSIONS);
    await db.query(SESSION_EPOCHS);
    await db.query('CREATE INDEX "auth_sessions_minted_by" ON "auth_sessions" ("minted_by")');
    await db.query('CREATE INDEX "auth_sessions_issuer" ON "auth_sessions" ("issuer_id")');
    await db.query('CREATE INDEX "auth_sessions_user" ON "auth_sessions" ("user_id")');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX "public"."auth_sessions_user"');
    await db.query('DROP INDEX "public"."auth_sessions_issuer"');
    await db.query('DROP INDEX "public"."auth_sessions_minted_by"');
    await db.query('ALTER TABLE "auth_sessions" DROP COLUMN "minted_by"');
    await db.query('ALTER TABLE "auth_sessions" DROP COLUMN "credential_epoch"');
    await db.query('ALTER TABLE "auth_sessions" DROP COLUMN "issuer_id"');
    await db.query('ALTER TABLE "auth_sessions" DROP COLUMN "user_id"');
    await db.query('CREATE INDEX auth_sessions_issued_by ON auth_sessions (issued_by)');
    await db.query('CREATE INDEX auth_sessions_username ON auth_sessions (username)');
    await db.query('DROP INDEX "public"."auth_users_username_key"');
    await db.query('DROP INDEX "public"."auth_users_username_skeleton"');
    await db.query('ALTER TABLE "auth_users" DROP COLUMN "credential_epoch"');
    await db.query('ALTER TABLE "auth_users" DROP COLUMN "username_skeleton"');
    await db.query('ALTER TABLE "auth_users" DROP COLUMN "username_key"');
    await db.query('CREATE UNIQUE INDEX auth_users_username_folded ON auth_users (lower(username))');
  }
}

// The SQLite tables as migration 1768000000000 left them (for down()).
const SESSIONS_BEFORE = `("id" text PRIMARY KEY NOT NULL, "username" text, "issued_by" text, "role" text NOT NULL, "privileges" text NOT NULL,
  "lifetime_seconds" integer NOT NULL, "created_at" bigint NOT NULL, "expires_at" bigint NOT NULL, "revoked_at" bigint)`;
const USERS_BEFORE = `("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "username" text NOT NULL, "email" text, "role" text NOT NULL,
  "password_hash" text NOT NULL, "disabled" boolean NOT NULL DEFAULT (0), "created_at" bigint NOT NULL, "updated_at" bigint NOT NULL)`;

/** The AUTOINCREMENT counter of `from` becomes that of `to`, so no id of a deleted user is handed out again. */
async function carryCounter(db: QueryRunner, from: string, to: string): Promise<void> {
  await db.query('DELETE FROM sqlite_sequence WHERE name = ?', [to]);
  await db.query('INSERT INTO sqlite_sequence (name, seq) SELECT ?, seq FROM sqlite_sequence WHERE name = ?', [to, from]);
}
