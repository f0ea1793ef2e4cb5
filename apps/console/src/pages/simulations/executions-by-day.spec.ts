import { describe, expect, it } from 'vitest';
import { executionsByDay } from './executions-by-day';

describe('executionsByDay', () => {
  it('counts executions per UTC day they started (else were recorded) and status', () => {
    const result = executionsByDay([
      { status: 'completed', started_at: '2026-11-02T23:59:00.000000', created_at: '2026-11-03T00:00:01.000000' },
      { status: 'failed', started_at: '2026-11-01T10:00:00.000000', created_at: '2026-11-03T00:00:00.000000' },
      { status: 'completed', started_at: '2026-11-02T01:00:00.000000', created_at: '2026-11-03T00:00:00.000000' },
      { status: 'pending', started_at: null, created_at: '2026-11-03T08:00:00.000000' },
    ]);
    expect(result.days).toEqual(['2026-11-01', '2026-11-02', '2026-11-03']);
    expect(result.counts.completed).toEqual([0, 2, 0]);
    expect(result.counts.failed).toEqual([1, 0, 0]);
    expect(result.counts.pending).toEqual([0, 0, 1]);
    expect(result.counts.cached).toEqual([0, 0, 0]);
  });
});
