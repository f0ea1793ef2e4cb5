import { malformedJsonProblem } from './malformed-json';

describe('malformedJsonProblem', () => {
  const problem = (text: string): string => {
    try {
      JSON.parse(text);
    } catch (error) {
      return malformedJsonProblem(text, error);
    }
    throw new Error('expected malformed JSON');
  };

  it('names line and column of an unexpected token, without quoting the text', () => {
    expect(problem('root:x:0:0:root:/root:/bin/bash\n')).toBe('malformed JSON at line 1, column 1');
    expect(problem('{\n  "name": "a",\n  "version": tru\n}')).toBe('malformed JSON at line 3, column 17');
    expect(problem('{"a": 1}}')).toBe('malformed JSON at line 1, column 9');
  });

  it('names where errors that V8 places itself are', () => {
    expect(problem('{"a"\n 1}')).toBe('malformed JSON at line 2, column 2');
    expect(problem('{"a": [1, 2')).toBe('malformed JSON at line 1, column 12');
  });
});
