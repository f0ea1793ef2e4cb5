import { ApiProperty } from '@nestjs/swagger';

/** A new token for the same session. */
export class RefreshedSessionDto {
  @ApiProperty() token!: string;
  @ApiProperty({ description: 'Same as token' }) session_id!: string;
  @ApiProperty({ example: '2026-11-22T10:12:25.000000' }) expires_at!: string;
}
