import { MixedList } from 'typeorm';
import { Backend } from './database-config';

// `MigrationInterface` classes, one list per driver: SQL differs enough between SQLite and
// PostgreSQL (types, triggers, upserts) that one migration branching on the driver reads worse.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type MigrationSet = Record<Backend, MixedList<Function>>;
