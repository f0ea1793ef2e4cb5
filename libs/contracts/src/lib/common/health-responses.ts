import { ApiProperty } from '@nestjs/swagger';

const SERVICES = ['cache', 'catalog', 'results'];
const BACKENDS = ['sqlite', 'postgresql'];

/** 200 of GET /health. */
export class HealthyResponse {
  @ApiProperty({ enum: ['healthy'] }) status!: 'healthy';
  @ApiProperty({ enum: SERVICES }) service!: string;
  @ApiProperty({ enum: BACKENDS }) backend!: string;
}

/** 503 of GET /health: the database does not answer. */
export class UnhealthyResponse {
  @ApiProperty({ enum: ['unhealthy'] }) status!: 'unhealthy';
  @ApiProperty({ enum: SERVICES }) service!: string;
  @ApiProperty({ enum: BACKENDS }) backend!: string;
  @ApiProperty({ example: 'database unreachable' }) error!: string;
}
