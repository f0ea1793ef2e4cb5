import { attachmentName } from './results-files';

describe('attachmentName', () => {
  const named = (header?: string) =>
    attachmentName(new Response(null, { headers: header === undefined ? {} : { 'Content-Disposition': header } }));

  it('reads a quoted or a bare file name', () => {
    expect(named('attachment; filename="heat-1d-2026-11-27.csv"')).toBe('heat-1d-2026-11-27.csv');
    expect(named('attachment; filename=run-1.db')).toBe('run-1.db');
    expect(named('attachment; filename="a \\"b\\".db"')).toBe('a "b".db');
  });

  it('is undefined without one', () => {
    expect(named()).toBeUndefined();
    expect(named('inline')).toBeUndefined();
  });
});
