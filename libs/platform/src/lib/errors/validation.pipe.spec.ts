import { BadRequestException } from '@nestjs/common';
import { PageQueryDto, StoreEntryDto } from '@simsvc/contracts';
import { ContractValidationPipe } from './validation.pipe';

describe('ContractValidationPipe', () => {
  const pipe = new ContractValidationPipe();
  const rejection = async (value: unknown, metatype: new () => object, type: 'body' | 'query' = 'body') => {
    try {
      await pipe.transform(value, { type, metatype });
    } catch (error) {
      return (error as BadRequestException).getResponse() as { message: string; details: string[] };
    }
    throw new Error('expected a rejection');
  };

  it('reports the first declared failing constraint as the message and all of them as details', async () => {
    const response = await rejection({ cache_key: 5 }, StoreEntryDto);
    expect(response.message).toBe('cache_key must be a string');
    expect(response.details).toEqual(expect.arrayContaining(['cache_key must be a string', 'simulation_id must be an integer']));
  });

  it('names unknown fields', async () => {
    const response = await rejection({ limit: '5', extra: 1 }, PageQueryDto, 'query');
    expect(response.message).toBe('property extra should not exist');
  });

  it('rejects bodies that are not JSON objects', async () => {
    for (const value of [undefined, null, 'text', 3, [1]]) {
      expect((await rejection(value, StoreEntryDto)).message).toBe('request body must be a JSON object');
    }
  });

  it('applies query defaults, also on the cached empty-query path', async () => {
    for (let round = 0; round < 2; round += 1) {
      const page = (await pipe.transform({}, { type: 'query', metatype: PageQueryDto })) as PageQueryDto;
      expect(page).toBeInstanceOf(PageQueryDto);
      expect(page).toEqual(expect.objectContaining({ limit: 50, offset: 0 }));
    }
    expect(await pipe.transform({ limit: '7' }, { type: 'query', metatype: PageQueryDto })).toEqual(
      expect.objectContaining({ limit: 7, offset: 0 }),
    );
  });
});
