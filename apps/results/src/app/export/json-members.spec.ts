import { jsonMembers } from './json-members';

describe('jsonMembers', () => {
  const objects: Record<string, unknown>[] = [
    {},
    { x: 1.5, n: -0.25, big: 1e21, tiny: 5e-324, zero: 0 },
    { s: 'plain', q: 'a "quoted", \\ backslash', esc: 'tab\tline\nend\u0001', uni: 'é\u2028😀' },
    { t: true, f: false, z: null },
    { arr: [1, 'x,y', [2, { a: ']' }], null], obj: { 'k"}': ['{'], deep: { deeper: [] } } },
    { 'name with "quotes"': 1, 'back\\slash': 2, ünï: 3, '': 4 },
  ];

  it.each(objects)('gives each member of JSON.stringify(%j) with its value as written', (object) => {
    const text = JSON.stringify(object);
    const members = jsonMembers(text);
    expect([...members.keys()]).toEqual(Object.keys(object));
    for (const [name, json] of members) {
      expect(JSON.parse(json)).toEqual(object[name]);
      expect(json).toBe(JSON.stringify(object[name]));
    }
  });

  it('tolerates whitespace between tokens and keeps the last of a repeated name, as JSON.parse does', () => {
    const members = jsonMembers(' {\n "a" : 1 ,\t"b":[ 1, 2 ] , "a": "two"\r\n} ');
    expect(members.get('a')).toBe('"two"');
    expect(members.get('b')).toBe('[ 1, 2 ]');
    expect(members.size).toBe(2);
  });

  it.each(['[1]', '"s"', '{"a" 1}', '{"a":1 "b":2}', '{"a":"open', '{"a":[1,2'])('refuses %s', (text) => {
    expect(() => jsonMembers(text)).toThrow(SyntaxError);
  });
});
