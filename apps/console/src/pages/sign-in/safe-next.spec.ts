import { describe, expect, it } from 'vitest';
import { safeNext } from './safe-next';

describe('safeNext', () => {
  it('returns to a page of the console after sign-in, never elsewhere', () => {
    expect(safeNext('/results?sim=heat-1d&x=input%3Alength')).toBe('/results?sim=heat-1d&x=input%3Alength');
    expect(safeNext(null)).toBe('/simulations');
    expect(safeNext('https://evil.example/')).toBe('/simulations');
    expect(safeNext('//evil.example/')).toBe('/simulations');
    expect(safeNext('/sign-in?next=/cache')).toBe('/simulations');
  });
});
