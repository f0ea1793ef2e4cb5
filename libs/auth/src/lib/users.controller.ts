import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CreateUserDto, PageQueryDto, UpdateUserDto, UserDto, UserListDto } from '@simsvc/contracts';
import { RequirePrivileges } from './auth.decorators';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiHeader({ name: 'X-Session-ID', required: true })
@RequirePrivileges('manage_users')
@Controller('users')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post()
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: UserDto })
  create(@Body() body: CreateUserDto): Promise<UserDto> {
    return this.users.create(body);
  }

  @Get()
  @ApiOkResponse({ type: UserListDto })
  list(@Query() page: PageQueryDto): Promise<UserListDto> {
    return this.users.list(page);
  }

  @Get(':username')
  @ApiOkResponse({ type: UserDto })
  get(@Param('username') username: string): Promise<UserDto> {
    return this.users.get(username);
  }

  @Patch(':username')
  @ApiOkResponse({ type: UserDto })
  update(@Param('username') username: string, @Body() body: UpdateUserDto): Promise<UserDto> {
    return this.users.update(username, body);
  }

  @Delete(':username')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  delete(@Param('username') username: string): Promise<void> {
    return this.users.delete(username);
  }
}
