import { ApiProperty } from '@nestjs/swagger';
import { PageOf } from '../common/page-of';
import { UserDto } from './user.dto';

export class UserListDto extends PageOf {
  @ApiProperty({ type: [UserDto] }) users!: UserDto[];
}
