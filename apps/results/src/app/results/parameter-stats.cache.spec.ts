import { ParameterStatsCache } from './parameter-stats.cache';
import type { ParameterFigures, ParameterFiguresRepository } from './parameter-figures.repository';

describe('ParameterStatsCache', () => {
  let revision: number | null;
  let computed: number;
  let cache: ParameterStatsCache;

  const figures = (count: number): ParameterFigures => ({
    revision,
    param_type: 'number',
    count,
    avg_value: 1,
    min_value: 1,
    max_value: 1,
  });

  beforeEach(() => {
    revision = 1;
    computed = 0;
    const repository = {
      revision: jest.fn(async () => revision),
      parameterFigures: jest.fn(async () => figures(++computed)),
    };
    cache = new ParameterStatsCache(repository as unknown as ParameterFiguresRepository);
  });

  it('computes once per revision of the simulation', async () => {
    expect((await cache.figures('sim', 'output', 'y')).count).toBe(1);
    expect((await cache.figures('sim', 'output', 'y')).count).toBe(1);
    revision = 2;
    expect((await cache.figures('sim', 'output', 'y')).count).toBe(2);
    expect((await cache.figures('sim', 'output', 'y')).count).toBe(2);
    expect(computed).toBe(2);
  });

  it('keeps parameters, classes and simulations apart', async () => {
    await cache.figures('sim', 'output', 'y');
    await cache.figures('sim', 'input', 'y');
    await cache.figures('sim', 'output', 'z');
    await cache.figures('other', 'output', 'y');
    expect(computed).toBe(4);
  });

  it('never keeps figures of a simulation without results', async () => {
    revision = null;
    await cache.figures('none', 'output', 'y');
    await cache.figures('none', 'output', 'y');
    expect(computed).toBe(2);
  });

  it('recomputes when a simulation disappears and comes back', async () => {
    await cache.figures('sim', 'output', 'y');
    revision = null;
    await cache.figures('sim', 'output', 'y');
    revision = 1;
    await cache.figures('sim', 'output', 'y');
    expect(computed).toBe(3);
  });

  it('holds at most 1024 entries, dropping the least recently used', async () => {
    for (let index = 0; index < 1025; index += 1) await cache.figures('sim', 'output', `p${index}`);
    expect(computed).toBe(1025);
    await cache.figures('sim', 'output', 'p1024');
    expect(computed).toBe(1025);
    await cache.figures('sim', 'output', 'p0');
    expect(computed).toBe(1026);
  });
});
