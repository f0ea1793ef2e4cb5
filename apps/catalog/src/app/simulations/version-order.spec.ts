import { compare } from 'semver';
import { compareLatestFirst, isSemanticVersion, versionSortKey } from './version-order';

const latestFirst = (versions: string[]) =>
  versions
    .map((version, index) => ({ version, id: index }))
    .sort(compareLatestFirst)
    .map((entry) => entry.version);

describe('version order', () => {
  it('orders numerically, not as text: 1.10.0 beats 1.9.3', () => {
    expect(latestFirst(['1.9.3', '1.10.0', '1.2.0'])).toEqual(['1.10.0', '1.9.3', '1.2.0']);
    expect(versionSortKey('1.10.0') > versionSortKey('1.9.3')).toBe(true);
    expect(versionSortKey('10.0.0') > versionSortKey('9.99.99')).toBe(true);
  });

  it('puts a release above its pre-releases, in SemVer 2.0 precedence', () => {
    const precedence = [
      '1.0.0-alpha',
      '1.0.0-alpha.1',
      '1.0.0-alpha.beta',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-beta.11',
      '1.0.0-rc.1',
      '1.0.0',
    ];
    expect(latestFirst([...precedence].reverse().sort())).toEqual([...precedence].reverse());
    for (let i = 1; i < precedence.length; i += 1) expect(versionSortKey(precedence[i]) > versionSortKey(precedence[i - 1])).toBe(true);
  });

  it('agrees with node-semver on a spread of versions', () => {
    const parts = ['0', '1', '2', '9', '10', '11', '100'];
    const pre = ['', '-alpha', '-alpha.1', '-alpha.10', '-alpha.9', '-beta', '-0', '-1', '-rc.1', '-a-b', '-a', '-A'];
    const versions = parts.flatMap((major) =>
      parts.slice(0, 3).flatMap((minor) => pre.map((suffix) => `${major}.${minor}.${major === '1' ? '3' : '0'}${suffix}`)),
    );
    for (const a of versions) {
      for (const b of versions.slice(0, 40)) {
        const byKey = Math.sign(versionSortKey(a) < versionSortKey(b) ? -1 : versionSortKey(a) > versionSortKey(b) ? 1 : 0);
        expect([a, b, byKey]).toEqual([a, b, compare(a, b)]);
      }
    }
  });

  it('ignores build metadata: equal precedence falls back to the newest registration', () => {
    expect(versionSortKey('1.0.0+build.1')).toBe(versionSortKey('1.0.0+build.2'));
    expect(latestFirst(['1.0.0+build.2', '1.0.0+build.1'])).toEqual(['1.0.0+build.1', '1.0.0+build.2']);
  });

  it('ranks any semantic version above other text, and other text by registration (newest first)', () => {
    expect(isSemanticVersion('2024.01')).toBe(false);
    expect(isSemanticVersion('1.0')).toBe(false);
    expect(isSemanticVersion('latest')).toBe(false);
    expect(isSemanticVersion('0.0.1')).toBe(true);
    expect(latestFirst(['zeta', '0.0.1', 'alpha', '2024.01'])).toEqual(['0.0.1', '2024.01', 'alpha', 'zeta']);
  });

  it('accepts node-semver strict forms only (a leading v is allowed, loose forms are text)', () => {
    expect(isSemanticVersion('v1.2.3')).toBe(true);
    expect(isSemanticVersion('01.2.3')).toBe(false);
    expect(isSemanticVersion('1.2.3-01')).toBe(false);
  });

  it('produces plain ASCII keys that sort byte-wise (C collation)', () => {
    for (const version of ['1.0.0', '1.0.0-alpha.1', 'x', '99999999999.0.0-rc.1+b'])
      expect(versionSortKey(version)).toMatch(/^[\x20-\x7e]+$/);
  });
});
