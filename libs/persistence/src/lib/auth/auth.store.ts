import { StoreDefinition } from '../database/data-source-options';
import { AuthSessionEntity } from './auth-session.entity';
import { AuthSettingEntity } from './auth-setting.entity';
import { AuthUserEntity } from './auth-user.entity';
import { KnownAddressEntity } from './known-address.entity';
import { RateEventEntity } from './rate-event.entity';
import { CreateAuthTablesPostgres1767225600000, CreateAuthTablesSqlite1767225600000 } from './migrations/1767225600000-create-auth-tables';
import { SecurityControlsPostgres1767312000000, SecurityControlsSqlite1767312000000 } from './migrations/1767312000000-security-controls';
import {
  EntityColumnTypesPostgres1768000000000,
  EntityColumnTypesSqlite1768000000000,
} from './migrations/1768000000000-entity-column-types';
import { CredentialEpochPostgres1769000000000, CredentialEpochSqlite1769000000000 } from './migrations/1769000000000-credential-epoch';
import { KnownAddressesPostgres1769200000000, KnownAddressesSqlite1769200000000 } from './migrations/1769200000000-known-addresses';

/** The auth store: users, sessions, rate limits (logins, anonymous sessions), known login addresses and the generated signing secret. */
export const AUTH_STORE: StoreDefinition = {
  name: 'auth',
  // The signing secret (unless SIMSVC_AUTH_SECRET) and the password hashes.
  ownerOnlyFile: true,
  entities: [AuthUserEntity, AuthSessionEntity, RateEventEntity, AuthSettingEntity, KnownAddressEntity],
  migrations: {
    sqlite: [
      CreateAuthTablesSqlite1767225600000,
      SecurityControlsSqlite1767312000000,
      EntityColumnTypesSqlite1768000000000,
      CredentialEpochSqlite1769000000000,
      KnownAddressesSqlite1769200000000,
    ],
    postgresql: [
      CreateAuthTablesPostgres1767225600000,
      SecurityControlsPostgres1767312000000,
      EntityColumnTypesPostgres1768000000000,
      CredentialEpochPostgres1769000000000,
      KnownAddressesPostgres1769200000000,
    ],
  },
};
