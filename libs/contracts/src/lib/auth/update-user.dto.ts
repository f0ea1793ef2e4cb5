import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { IsEmailAddress } from './email-address.validator';
import { USER_ROLE_NAMES, UserRoleName } from './username';

/** Every field optional; a password change or `disabled: true` ends the user's sessions. */
export class UpdateUserDto {
  @ApiPropertyOptional({ enum: USER_ROLE_NAMES, description: 'Applies to new sessions and to existing ones at their next refresh' })
  @IsOptional()
  @IsIn(USER_ROLE_NAMES)
  role?: UserRoleName;

  @ApiPropertyOptional({ example: 'alice@example.org', maxLength: 254 })
  @IsOptional()
  @IsEmailAddress()
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ minLength: 8, maxLength: 1024, writeOnly: true, description: "Revokes the user's sessions" })
  @IsOptional()
  @IsString()
  @MinLength(8)
  @MaxLength(1024)
  password?: string;

  @ApiPropertyOptional({ description: "true revokes the user's sessions and refuses their logins" })
  @IsOptional()
  @IsBoolean()
  disabled?: boolean;
}
