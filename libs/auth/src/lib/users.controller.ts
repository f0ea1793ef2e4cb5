import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CreateUserDto, PageQueryDto, UpdateUserDto, UserDto, UserListDto } from '@simsvc/contracts';
import { CurrentSession, RequirePrivileges } from './auth.decorators';
import { SessionPrincipal } from './session-principal';
import { UsersService } from './users.service';

@ApiTags('users')
@RequirePrivileges('manage_users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({ summary: 'Create a user' })
  @ApiCreatedResponse({ type: UserDto })
  @ApiErrors(400, 401, 403, 413, 415, 503, { 409: 'username already exists' })
  create(@Body() body: CreateUserDto, @CurrentSession() caller: SessionPrincipal): Promise<UserDto> {
    return this.users.create(body, caller);
  }

  @Get()
  @ApiOperation({ summary: 'List users (paged)' })
  @ApiOkResponse({ type: UserListDto })
  @ApiErrors(400, 401, 403, 503)
  list(@Query() page: PageQueryDto): Promise<UserListDto> {
    return this.users.list(page);
  }

  @Get(':username')
  @ApiOperation({ summary: 'One user' })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(400, 401, 403, 503, { 404: 'user not found' })
  get(@Param('username') username: string): Promise<UserDto> {
    return this.users.get(username);
  }

  @Patch(':username')
  @ApiOperation({
    summary: "Change a user's role, email, password or disabled flag (a password change or disabling revokes their sessions)",
  })
  @ApiOkResponse({ type: UserDto })
  @ApiErrors(400, 401, 403, 413, 415, 503, { 404: 'user not found', 409: 'the last enabled admin cannot be demoted or disabled' })
  update(@Param('username') username: string, @Body() body: UpdateUserDto, @CurrentSession() caller: SessionPrincipal): Promise<UserDto> {
    return this.users.update(username, body, caller);
  }

  @Delete(':username')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a user and revoke their sessions' })
  @ApiNoContentResponse({ description: 'deleted' })
  @ApiErrors(400, 401, 403, 503, { 404: 'user not found', 409: 'the last enabled admin cannot be deleted' })
  delete(@Param('username') username: string, @CurrentSession() caller: SessionPrincipal): Promise<void> {
    return this.users.delete(username, caller);
  }
}
