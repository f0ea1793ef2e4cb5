import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, IsPositive, IsString, Max, MaxLength, MinLength } from 'class-validator';
import { MAX_SESSION_LIFETIME_HOURS } from './lifetime-hours';

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

  @ApiPropertyOptional({
    description: 'Session lifetime in hours, greater than 0, at most 720',
    default: 24,
    minimum: 0,
    exclusiveMinimum: true,
    maximum: MAX_SESSION_LIFETIME_HOURS,
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @IsPositive()
  @Max(MAX_SESSION_LIFETIME_HOURS)
  lifetime_hours?: number;
}
