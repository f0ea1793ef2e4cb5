import { ApiProperty } from '@nestjs/swagger';

/** A user as the API shows it: never the password hash. */
export class UserDto {
  @ApiProperty() username!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ enum: ['user', 'developer', 'admin'] }) role!: string;
  @ApiProperty() disabled!: boolean;
  @ApiProperty({ example: '2026-11-22T10:12:25.123000' }) created_at!: string;
  @ApiProperty({ example: '2026-11-22T10:12:25.123000' }) updated_at!: string;
}
