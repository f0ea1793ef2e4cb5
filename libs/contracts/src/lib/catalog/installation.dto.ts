import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { MAX_TEXT_LENGTH, NO_CONTROL_CHARACTERS } from '../cache/cache-limits';
import { PageOf } from '../common/page-of';

const text = (name: string) => ({ message: `${name} must be a string of at most ${MAX_TEXT_LENGTH} characters` });
const INSTALLATION_ID_RULE = { message: `installation_id must be 1 to ${MAX_TEXT_LENGTH} characters without control characters` };
const TIMESTAMP = { example: '2026-11-22T10:12:25.123000', description: 'UTC, no zone, microseconds' };

/** Body of POST /installations: a sim2l installation reporting at its client's start-up. */
export class RegisterInstallationDto {
  @ApiProperty({ example: 'a1b2c3d4e5f60718', maxLength: MAX_TEXT_LENGTH })
  @IsString(INSTALLATION_ID_RULE)
  @Matches(/^.+$/su, INSTALLATION_ID_RULE)
  @Matches(NO_CONTROL_CHARACTERS, INSTALLATION_ID_RULE)
  @MaxLength(MAX_TEXT_LENGTH, INSTALLATION_ID_RULE)
  installation_id!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  @IsOptional()
  @IsString(text('hostname'))
  @MaxLength(MAX_TEXT_LENGTH, text('hostname'))
  hostname?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: 'linux' })
  @IsOptional()
  @IsString(text('platform'))
  @MaxLength(MAX_TEXT_LENGTH, text('platform'))
  platform?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '3.11.7' })
  @IsOptional()
  @IsString(text('python_version'))
  @MaxLength(MAX_TEXT_LENGTH, text('python_version'))
  python_version?: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: '1.4.0' })
  @IsOptional()
  @IsString(text('sim2l_version'))
  @MaxLength(MAX_TEXT_LENGTH, text('sim2l_version'))
  sim2l_version?: string | null;
}

/** A sim2l installation known to the catalog. */
export class InstallationResponse {
  @ApiProperty() installation_id!: string;
  @ApiProperty({ type: String, nullable: true }) hostname!: string | null;
  @ApiProperty({ type: String, nullable: true }) platform!: string | null;
  @ApiProperty({ type: String, nullable: true }) python_version!: string | null;
  @ApiProperty({ type: String, nullable: true }) sim2l_version!: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'username of the session that last reported it, or `anonymous`' })
  reported_by!: string | null;
  @ApiProperty(TIMESTAMP) first_seen_at!: string;
  @ApiProperty(TIMESTAMP) last_seen_at!: string;
}

export class InstallationListResponse extends PageOf {
  @ApiProperty({ type: [InstallationResponse] }) installations!: InstallationResponse[];
}
