import { DomainError } from './domain-error';

class ExampleError extends DomainError<'example'> {}

describe('DomainError', () => {
  it('carries its code, message and fields, and no stack frames', () => {
    const error = new ExampleError('example', 'went wrong', { details: ['went wrong'], extra: { key: 'k' } });
    expect(error).toMatchObject({
      code: 'example',
      message: 'went wrong',
      name: 'ExampleError',
      details: ['went wrong'],
      extra: { key: 'k' },
    });
    expect(error.stack).toBe('ExampleError: went wrong');
  });

  it('leaves the stack depth of every other error as it was', () => {
    const before = Error.stackTraceLimit;
    new ExampleError('example', 'went wrong');
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('other').stack?.split('\n').length).toBeGreaterThan(1);
  });
});
