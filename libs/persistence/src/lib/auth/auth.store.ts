import { StoreDefinition } from '../database/data-source-options';
import { AuthSessionEntity } from './auth-session.entity';
import { AuthSettingEntity } from './auth-setting.entity';
import { AuthUserEntity } from './auth-user.entity';
import { LoginFailureEntity } from './login-failure.entity';
import { CreateAuthTablesPostgres1767225600000, CreateAuthTablesSqlite1767225600000 } from './migrations/1767225600000-create-auth-tables';

/** The auth store: users, sessions, login throttling and the generated signing secret. */
export const AUTH_STORE: StoreDefinition = {
  name: 'auth',
  entities: [AuthUserEntity, AuthSessionEntity, LoginFailureEntity, AuthSettingEntity],
  migrations: {
    sqlite: [CreateAuthTablesSqlite1767225600000],
    postgresql: [CreateAuthTablesPostgres1767225600000],
  },
};
