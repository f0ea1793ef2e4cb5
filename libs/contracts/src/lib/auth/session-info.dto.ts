import { ApiProperty } from '@nestjs/swagger';

export class SessionInfoDto {
  @ApiProperty({ example: true }) valid!: boolean;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty({ enum: ['user', 'developer', 'admin', 'anonymous'] }) role!: string;
  @ApiProperty({ type: [String] }) privileges!: string[];
  @ApiProperty({ example: '2026-11-22T10:12:25.000000' }) expires_at!: string;
}
