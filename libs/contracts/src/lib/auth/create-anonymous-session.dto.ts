import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsNumber, IsOptional, IsPositive, IsString, Max, MaxLength } from 'class-validator';
import { MAX_SESSION_LIFETIME_HOURS } from './lifetime-hours';

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
