import { Injectable } from '@nestjs/common';
import { CreateUserDto, formatTimestamp, nowMicros, PageQueryDto, UpdateUserDto, UserDto, UserListDto } from '@simsvc/contracts';
import { AuthUserChanges, AuthUserEntity, AuthUserRepository, UserChangeVerdict, usernameSkeleton } from '@simsvc/persistence';
import { AuthError, AuthErrorCode, lastEnabledAdmin, userNotFound } from './auth.errors';
import { PasswordHasher } from './password-hasher';
import { SessionPrincipal } from './session-principal';
import { SessionStateCache } from './session-state.cache';
import { SessionService } from './session.service';
import { ANONYMOUS_SUBJECT } from './token.service';

/**
 * User management. A role change, a password change, disabling or deletion ends the user's
 * sessions and the anonymous sessions minted from them: they log in again and get what they
 * hold now. No change may leave the store without an enabled admin (LastEnabledAdmin). A write
 * acts only if the caller's session holds manage_users as the store has it now, not as the
 * per-process standing cache remembers it (a demotion elsewhere counts at once).
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: AuthUserRepository,
    private readonly passwords: PasswordHasher,
    private readonly states: SessionStateCache,
    private readonly sessions: SessionService,
  ) {}

  async create(body: CreateUserDto, caller: SessionPrincipal): Promise<UserDto> {
    // Tokens of anonymous sessions carry this subject; a user of that name would be ambiguous.
    if (usernameSkeleton(body.username) === ANONYMOUS_SUBJECT)
      throw new AuthError(AuthErrorCode.ReservedUsername, `username ${ANONYMOUS_SUBJECT} is reserved`);
    await this.sessions.confirmFromStore(caller, 'manage_users');
    const passwordHash = await this.passwords.hash(body.password);
    const user = await this.users.insert({
      username: body.username,
      email: body.email ?? null,
      role: body.role,
      passwordHash,
      createdAt: nowMicros(),
    });
    // Unique by skeleton: `Admin` beside `admin` is taken too, as is `mìmi` beside `mimi`.
    if (!user) throw new AuthError(AuthErrorCode.UserExists, 'username already exists');
    return toUserDto(user);
  }

  async list(page: PageQueryDto): Promise<UserListDto> {
    const { users, total } = await this.users.list(page.limit, page.offset);
    return { users: users.map(toUserDto), total, limit: page.limit, offset: page.offset };
  }

  async get(username: string): Promise<UserDto> {
    const user = await this.users.findByUsername(username);
    if (!user) throw userNotFound();
    return toUserDto(user);
  }

  async update(username: string, body: UpdateUserDto, caller: SessionPrincipal): Promise<UserDto> {
    await this.sessions.confirmFromStore(caller, 'manage_users');
    // A JSON null means "absent" (contract §1).
    const changes: AuthUserChanges = { role: body.role ?? undefined, email: body.email ?? undefined, disabled: body.disabled ?? undefined };
    if (body.password != null) changes.passwordHash = await this.passwords.hash(body.password);
    const result = await this.users.update(username, changes, nowMicros(), (current, enabledAdmins) =>
      judgeUpdate(current, changes, enabledAdmins),
    );
    if (result.outcome === 'not-found') throw userNotFound();
    if (result.outcome === 'refused') throw lastEnabledAdmin();
    this.states.markRevoked(result.revokedSessionIds);
    return toUserDto(result.user);
  }

  async delete(username: string, caller: SessionPrincipal): Promise<void> {
    await this.sessions.confirmFromStore(caller, 'manage_users');
    const result = await this.users.delete(username, nowMicros(), (current, enabledAdmins) => ({
      allowed: !isLastEnabledAdmin(current, enabledAdmins),
      endSessions: true,
    }));
    if (result.outcome === 'not-found') throw userNotFound();
    if (result.outcome === 'refused') throw lastEnabledAdmin();
    this.states.markRevoked(result.revokedSessionIds);
  }
}

const isLastEnabledAdmin = (user: AuthUserEntity, enabledAdmins: number): boolean =>
  user.role === 'admin' && !user.disabled && enabledAdmins <= 1;

/** Refused when it would demote or disable the last enabled admin; sessions end when what the user holds changes. */
function judgeUpdate(current: AuthUserEntity, changes: AuthUserChanges, enabledAdmins: number): UserChangeVerdict {
  const roleChanges = changes.role !== undefined && changes.role !== current.role;
  const stopsBeingAdmin = (roleChanges && changes.role !== 'admin') || changes.disabled === true;
  if (stopsBeingAdmin && isLastEnabledAdmin(current, enabledAdmins)) return { allowed: false };
  return { allowed: true, endSessions: roleChanges || changes.disabled === true || changes.passwordHash !== undefined };
}

function toUserDto(user: AuthUserEntity): UserDto {
  return {
    username: user.username,
    email: user.email,
    role: user.role,
    disabled: user.disabled,
    created_at: formatTimestamp(user.createdAt),
    updated_at: formatTimestamp(user.updatedAt),
  };
}
