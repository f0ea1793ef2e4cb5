import { ApiProperty } from '@nestjs/swagger';
import { UserDto } from './user.dto';

export class UserListDto {
  @ApiProperty({ type: [UserDto] }) users!: UserDto[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
