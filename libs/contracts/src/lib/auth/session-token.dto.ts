import { ApiProperty } from '@nestjs/swagger';

/** A new session (login or anonymous). `token` and `session_id` are the same value. */
export class SessionTokenDto {
  @ApiProperty({ description: 'Send as X-Session-ID' }) token!: string;
  @ApiProperty({ description: 'Same as token' }) session_id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'null for anonymous sessions' }) username!: string | null;
  @ApiProperty({ enum: ['user', 'developer', 'admin', 'anonymous'] }) role!: string;
  @ApiProperty({ type: [String] }) privileges!: string[];
  @ApiProperty({ example: '2026-11-22T10:12:25.000000' }) expires_at!: string;
}
