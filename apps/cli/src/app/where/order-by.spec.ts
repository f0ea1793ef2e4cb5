import { UsageError } from '../usage-error';
import { parseOrderBy } from './order-by';

describe('--order-by', () => {
  it('reads parameter keys, fields and directions, ascending by default, in the order given', () => {
    expect(parseOrderBy(['out.energy desc', 'in.length', 'created_at asc'])).toEqual([
      { class: 'output', name: 'energy', direction: 'desc' },
      { class: 'input', name: 'length', direction: 'asc' },
      { field: 'created_at', direction: 'asc' },
    ]);
    expect(parseOrderBy([' execution_id  desc '])).toEqual([{ field: 'execution_id', direction: 'desc' }]);
    expect(parseOrderBy(['out.a.b'])).toEqual([{ class: 'output', name: 'a.b', direction: 'asc' }]);
    expect(parseOrderBy(['duration_seconds desc', 'status', 'completed_at'])).toEqual([
      { field: 'duration_seconds', direction: 'desc' },
      { field: 'status', direction: 'asc' },
      { field: 'completed_at', direction: 'asc' },
    ]);
  });

  it.each(['energy', 'out.', 'x.energy', 'out.energy up', 'out.energy desc extra'])('refuses %p with a usage error', (text) => {
    expect(() => parseOrderBy([text])).toThrow(UsageError);
  });

  it('refuses more than three keys', () => {
    expect(() => parseOrderBy(['in.a', 'in.b', 'in.c', 'in.d'])).toThrow('--order-by: at most 3 keys, not 4');
  });
});
