import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { IsEmailAddress } from './email-address.validator';
import { USER_ROLE_NAMES, USERNAME_PATTERN, USERNAME_RULE, UserRoleName } from './username';

export class CreateUserDto {
  @ApiProperty({ example: 'alice', pattern: USERNAME_PATTERN.source })
  @IsString()
  @Matches(USERNAME_PATTERN, { message: USERNAME_RULE })
  username!: string;

  @ApiProperty({ minLength: 8, maxLength: 1024, writeOnly: true })
  @IsString()
  @MinLength(8)
  @MaxLength(1024)
  password!: string;

  @ApiProperty({ enum: USER_ROLE_NAMES })
  @IsIn(USER_ROLE_NAMES)
  role!: UserRoleName;

  @ApiPropertyOptional({ example: 'alice@example.org', maxLength: 254 })
  @IsOptional()
  @IsEmailAddress()
  @MaxLength(254)
  email?: string;
}
