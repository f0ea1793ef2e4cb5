import { renderTable, roundForDisplay, terminalWidth } from './output';

describe('output', () => {
  it('rounds numbers to 6 significant digits for display', () => {
    expect(roundForDisplay(0.1 + 0.2)).toBe('0.3');
    expect(roundForDisplay(123456.789)).toBe('123457');
    expect(roundForDisplay(1e-9)).toBe('1e-9');
    expect(roundForDisplay(42)).toBe('42');
  });

  it('fits a table into the width by cutting its widest columns', () => {
    const rows = [['a', 'x'.repeat(100)]];
    expect(renderTable(['k', 'v'], rows)).toContain('x'.repeat(100));
    for (const line of renderTable(['k', 'v'], rows, 40).split('\n')) expect(line.length).toBeLessThanOrEqual(40);
    expect(renderTable(['k', 'v'], rows, 40)).toContain('…');
  });

  it("takes the terminal's columns, else $COLUMNS, else no limit", () => {
    expect(terminalWidth({ isTTY: true, columns: 180 }, {})).toBe(180);
    expect(terminalWidth({ isTTY: false }, { COLUMNS: '90' })).toBe(90);
    expect(terminalWidth({ isTTY: false }, {})).toBeUndefined();
  });
});
