import { UsageError } from '../usage-error';
import { buildFilters, parseValue, parseWhere } from './where-parser';

describe('parseWhere', () => {
  it.each([
    ['x>=1', { name: 'x', operator: '>=', value: 1 }],
    ['x >= 1.5', { name: 'x', operator: '>=', value: 1.5 }],
    ['x>1e3', { name: 'x', operator: '>', value: 1000 }],
    ['x<-2', { name: 'x', operator: '<', value: -2 }],
    ['x<=0', { name: 'x', operator: '<=', value: 0 }],
    ['mode=fast', { name: 'mode', operator: '=', value: 'fast' }],
    ['mode == fast', { name: 'mode', operator: '=', value: 'fast' }],
    ['mode!=slow', { name: 'mode', operator: '!=', value: 'slow' }],
    ['y in a,b', { name: 'y', operator: 'in', value: ['a', 'b'] }],
    ['y in 1, 2 ,3', { name: 'y', operator: 'in', value: [1, 2, 3] }],
    ["y in 'a,b',c", { name: 'y', operator: 'in', value: ['a,b', 'c'] }],
    ['min in 1,2', { name: 'min', operator: 'in', value: [1, 2] }],
    ['flag=true', { name: 'flag', operator: '=', value: true }],
    ['flag=null', { name: 'flag', operator: '=', value: null }],
    ['label="2"', { name: 'label', operator: '=', value: '2' }],
    ['label=two words', { name: 'label', operator: '=', value: 'two words' }],
  ])('%s', (text, expected) => {
    expect(parseWhere(text)).toEqual(expected);
  });

  it('reads the class from an in./out. prefix', () => {
    expect(parseWhere('in.length>2')).toEqual({ paramClass: 'input', name: 'length', operator: '>', value: 2 });
    expect(parseWhere('out.t<=300')).toEqual({ paramClass: 'output', name: 't', operator: '<=', value: 300 });
    expect(parseWhere('input.a=1').paramClass).toBe('input');
    expect(parseWhere('output.a=1').paramClass).toBe('output');
  });

  it('keeps a dotted name without a class prefix whole', () => {
    expect(parseWhere('grid.size=4')).toEqual({ name: 'grid.size', operator: '=', value: 4 });
  });

  it.each([
    ['x', 'expected NAME OP VALUE'],
    ['>=1', 'expected NAME OP VALUE'],
    ['x>=', 'the value is missing'],
    ['x>=abc', '>= needs a number'],
    ['x<"1"', '< needs a number'],
    ['in.=1', 'the parameter name is empty'],
  ])('refuses %s', (text, message) => {
    expect(() => parseWhere(text)).toThrow(UsageError);
    expect(() => parseWhere(text)).toThrow(message);
  });
});

describe('parseValue', () => {
  it.each([
    ['1', 1],
    ['-0.5', -0.5],
    ['.5', 0.5],
    ['1e-3', 0.001],
    ['0x10', '0x10'],
    ['1,5', '1,5'],
    ['false', false],
    ["'null'", 'null'],
    ['', ''],
  ])('%s', (text, value) => {
    expect(parseValue(text)).toEqual(value);
  });
});

describe('buildFilters', () => {
  it('puts each condition under its class and name as an operator', () => {
    const filters = buildFilters([
      { paramClass: 'input', name: 'x', operator: '>=', value: 1 },
      { paramClass: 'input', name: 'x', operator: '<', value: 5 },
      { paramClass: 'output', name: 'y', operator: 'in', value: ['a', 'b'] },
      { paramClass: 'output', name: 'z', operator: '=', value: 2 },
      { paramClass: 'output', name: 'w', operator: '!=', value: null },
    ]);
    expect(filters).toEqual({
      input_filters: { x: { $gte: 1, $lt: 5 } },
      output_filters: { y: { $in: ['a', 'b'] }, z: { $eq: 2 }, w: { $ne: null } },
    });
  });

  it('refuses two conditions of one operator on one parameter', () => {
    expect(() =>
      buildFilters([
        { paramClass: 'input', name: 'x', operator: '>', value: 1 },
        { paramClass: 'input', name: 'x', operator: '>', value: 2 },
      ]),
    ).toThrow('two > conditions on input x');
  });
});
