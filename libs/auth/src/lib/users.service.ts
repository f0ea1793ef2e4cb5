import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { CreateUserDto, formatTimestamp, nowMicros, PageQueryDto, UpdateUserDto, UserDto, UserListDto } from '@simsvc/contracts';
import { AuthUserChanges, AuthUserEntity, AuthUserRepository, isUniqueViolation } from '@simsvc/persistence';
import { PasswordHasher } from './password-hasher';
import { SessionStateCache } from './session-state.cache';
import { ANONYMOUS_SUBJECT } from './token.service';

/**
 * User management. A password change, disabling or deletion revokes the user's sessions (and
 * the anonymous sessions minted from them); a role change reaches existing sessions at refresh.
 */
@Injectable()
export class UsersService {
  constructor(
    private readonly users: AuthUserRepository,
    private readonly passwords: PasswordHasher,
    private readonly states: SessionStateCache,
  ) {}

  async create(body: CreateUserDto): Promise<UserDto> {
    // Tokens of anonymous sessions carry this subject; a user of that name would be ambiguous.
    if (body.username === ANONYMOUS_SUBJECT) throw new BadRequestException(`username ${ANONYMOUS_SUBJECT} is reserved`);
    const passwordHash = await this.passwords.hash(body.password);
    try {
      const user = await this.users.insert({
        username: body.username,
        email: body.email ?? null,
        role: body.role,
        passwordHash,
        createdAt: nowMicros(),
      });
      return toUserDto(user);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException('username already exists');
      throw error;
    }
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

  async update(username: string, body: UpdateUserDto): Promise<UserDto> {
    // A JSON null means "absent" (contract §1).
    const changes: AuthUserChanges = { role: body.role ?? undefined, email: body.email ?? undefined, disabled: body.disabled ?? undefined };
    if (body.password != null) changes.passwordHash = await this.passwords.hash(body.password);
    const now = nowMicros();
    const endsSessions = body.password != null || body.disabled === true;
    const { user, revokedSessionIds } = await this.users.update(username, changes, now, endsSessions ? now : undefined);
    if (!user) throw userNotFound();
    this.states.markRevoked(revokedSessionIds);
    return toUserDto(user);
  }

  async delete(username: string): Promise<void> {
    const { deleted, revokedSessionIds } = await this.users.delete(username, nowMicros());
    this.states.markRevoked(revokedSessionIds);
    if (!deleted) throw userNotFound();
  }
}

const userNotFound = () => new NotFoundException('user not found');

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
