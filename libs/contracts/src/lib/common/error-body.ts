import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The one error shape of every service (contract §1). */
export class ErrorBody {
  @ApiProperty({ type: 'integer', example: 400 }) statusCode!: number;
  @ApiProperty({ example: 'Bad Request', description: 'the reason phrase of statusCode' }) error!: string;
  @ApiProperty({ example: 'ttl_hours must be a positive number' }) message!: string;
  @ApiPropertyOptional({ type: [String], description: 'validation errors: one line per failed constraint' }) details?: string[];
  [extra: string]: unknown;
}

/** 404 of GET /cache/{cache_key}: message "cache miss" and the key (contract §4). */
export class CacheMissBody extends ErrorBody {
  @ApiProperty() cache_key!: string;
}
