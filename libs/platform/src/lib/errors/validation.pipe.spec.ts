import {
  ChecksOwnNul,
  LoginDto,
  MAX_BODY_NESTING,
  PageQueryDto,
  RecordExecutionDto,
  RegisterDirectDto,
  RegisterSimulationDto,
  RequestErrorCode,
  SearchResultsDto,
  StoreEntryDto,
} from '@simsvc/contracts';
import { IsOptional, IsString } from 'class-validator';
import { RequestRefused } from './request-refused';
import { ContractValidationPipe } from './validation.pipe';

describe('ContractValidationPipe', () => {
  const pipe = new ContractValidationPipe();
  const rejection = async (value: unknown, metatype: new () => object, type: 'body' | 'query' = 'body') => {
    try {
      await pipe.transform(value, { type, metatype });
    } catch (error) {
      expect(error).toBeInstanceOf(RequestRefused);
      expect((error as RequestRefused).code).toBe(RequestErrorCode.Invalid);
      return { message: (error as RequestRefused).message, details: [...((error as RequestRefused).details ?? [])] };
    }
    throw new Error('expected a rejection');
  };

  it('reports the first declared failing constraint as the message and all of them as details', async () => {
    const response = await rejection({ cache_key: 5 }, StoreEntryDto);
    expect(response.message).toBe('cache_key must be a string');
    expect(response.details).toEqual(expect.arrayContaining(['cache_key must be a string', 'simulation_id must be an integer']));
  });

  it('keeps the declared order of a field whose rules are one composed decorator', async () => {
    const response = await rejection({ username: 'alice', password: 'secret', lifetime_hours: 'a day' }, LoginDto);
    expect(response.message).toBe('lifetime_hours must be a number conforming to the specified constraints');
    expect(response.details).toEqual([
      'lifetime_hours must be a number conforming to the specified constraints',
      'lifetime_hours must be a positive number',
      'lifetime_hours must not be greater than 720',
    ]);
  });

  it('lists each line once, and every line of a constraint that reports several', async () => {
    const execution = await rejection({ execution_id: 'run-1', status: 'running', simulation_id: 'seven' }, RecordExecutionDto);
    expect(execution.details).toEqual(['simulation_id must be an integer from 1 to 2147483647']);
    const simulation = await rejection(
      { name: 'heat', version: '1', input_schema: { x: { type: 'Float', min: 'a' } } },
      RegisterSimulationDto,
    );
    expect(simulation.details).toEqual([
      expect.stringMatching(/^input_schema\.x\.type must be one of /),
      'input_schema.x.min must be a number',
    ]);
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

  it('refuses a body too deep to validate, or with a __proto__ key, before validating it', async () => {
    const deep = JSON.parse(`{"metadata":${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`);
    const tooDeep = `request body is nested more than ${MAX_BODY_NESTING} levels deep`;
    expect(await rejection(deep, StoreEntryDto)).toEqual({ message: tooDeep, details: [tooDeep] });
    const proto = 'request body must not use __proto__ as a key';
    expect(await rejection(JSON.parse('{"metadata":{"__proto__":{"x":1}}}'), StoreEntryDto)).toEqual({ message: proto, details: [proto] });
  });

  it('keeps constructor and prototype as data in maps of names, at any depth', async () => {
    const body = JSON.parse(
      `{"execution_id":"r1","simulation_name":"s","simulation_version":"1","status":"completed",
        "input_params":{"constructor":1,"prototype":{"constructor":[2]}},"output_params":{},"metadata":{"constructor":"m"}}`,
    );
    const dto = (await pipe.transform(body, { type: 'body', metatype: RegisterDirectDto })) as RegisterDirectDto;
    expect(dto).toBeInstanceOf(RegisterDirectDto);
    expect(dto.input_params).toEqual(JSON.parse('{"constructor":1,"prototype":{"constructor":[2]}}'));
    expect(Object.hasOwn(dto.input_params, 'constructor')).toBe(true);
    expect(dto.metadata).toEqual(JSON.parse('{"constructor":"m"}'));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const search = (await pipe.transform(JSON.parse('{"input_filters":{"constructor":{"$gt":1}}}'), {
      type: 'body',
      metatype: SearchResultsDto,
    })) as SearchResultsDto;
    expect(Object.keys(search.input_filters ?? {})).toEqual(['constructor']);
  });

  it('refuses constructor and prototype as fields of a DTO', async () => {
    expect((await rejection(JSON.parse('{"cache_key":"k","simulation_id":1,"constructor":{}}'), StoreEntryDto)).message).toBe(
      'property constructor should not exist',
    );
    expect((await rejection(JSON.parse('{"prototype":1}'), PageQueryDto, 'query')).message).toBe('property prototype should not exist');
  });

  it('refuses U+0000 in bodies and query strings, but leaves it to fields that check it themselves', async () => {
    expect((await rejection({ cache_key: 'a\u0000', simulation_id: 1 }, StoreEntryDto)).message).toBe(
      'request body must not contain U+0000',
    );
    expect((await rejection({ limit: '\u0000' }, PageQueryDto, 'query')).message).toBe('query string must not contain U+0000');
    class NulAwareDto {
      @ChecksOwnNul() @IsString() text!: string;
      @IsString() @IsOptional() name?: string;
    }
    expect(await pipe.transform({ text: 'a\u0000b' }, { type: 'body', metatype: NulAwareDto })).toEqual({ text: 'a\u0000b' });
    expect((await rejection({ text: 'a', name: 'a\u0000b' }, NulAwareDto)).message).toBe('request body must not contain U+0000');
  });

  it('rejects offsets beyond what a JSON number holds exactly', async () => {
    for (const offset of ['9'.repeat(300), '100000000000000000000', String(Number.MAX_SAFE_INTEGER + 2)]) {
      expect((await rejection({ offset }, PageQueryDto, 'query')).message).toBe(`offset must be at most ${Number.MAX_SAFE_INTEGER}`);
    }
    for (const offset of ['1e300', '0x10', '1.0', '']) {
      expect((await rejection({ offset }, PageQueryDto, 'query')).message).toBe('offset must be an integer');
    }
    expect(await pipe.transform({ offset: String(Number.MAX_SAFE_INTEGER) }, { type: 'query', metatype: PageQueryDto })).toEqual(
      expect.objectContaining({ offset: Number.MAX_SAFE_INTEGER }),
    );
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
