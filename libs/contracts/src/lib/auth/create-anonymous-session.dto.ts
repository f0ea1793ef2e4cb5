import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { SessionLifetimeField } from './session-lifetime-field';

export class CreateAnonymousSessionDto {
  @ApiPropertyOptional({
    description:
      'Privileges beyond the anonymous set (read/write cache and results, read catalog, record and execute); each must be held by the calling session',
    example: ['developer'],
    type: [String],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(64)
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  privileges?: string[];

  @SessionLifetimeField() lifetime_hours?: number;
}
