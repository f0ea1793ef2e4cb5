import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { SessionLifetimeField } from './session-lifetime-field';

export class LoginDto {
  @ApiProperty({ example: 'alice', maxLength: 256 })
  @IsString()
  @MinLength(1)
  @MaxLength(256)
  username!: string;

  @ApiProperty({ example: 'correct horse battery staple', maxLength: 1024 })
  @IsString()
  @MaxLength(1024)
  password!: string;

  @SessionLifetimeField() lifetime_hours?: number;
}
