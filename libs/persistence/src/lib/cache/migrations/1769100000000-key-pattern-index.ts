import { MigrationInterface, QueryRunner } from 'typeorm';

// Key patterns with a literal prefix (`heat-1d/*`) read only the keys in that prefix's range.
// The range is compared byte by byte (`~>=~`, `~<~`), whatever the database's collation, so it
// needs a text_pattern_ops index; SQLite compares keys with BINARY, and its primary-key index
// serves the range as it is.

export class KeyPatternIndexPostgres1769100000000 implements MigrationInterface {
  name = 'KeyPatternIndex1769100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX cache_entries_key_pattern ON cache_entries (cache_key text_pattern_ops)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX cache_entries_key_pattern');
  }
}
