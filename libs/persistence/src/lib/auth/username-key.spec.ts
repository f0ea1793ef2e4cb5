import { usernameKey, usernameSkeleton } from './username-key';

describe('usernameKey', () => {
  it('is NFKC, then the locale-independent lower-case', () => {
    expect(usernameKey('ADMIN')).toBe('admin');
    expect(usernameKey('\uff41\uff44\uff4d\uff49\uff4e')).toBe('admin');
    // U+0130 lower-cases to i + U+0307 in JavaScript: another name than `mimi`.
    expect(usernameKey('m\u0130mi')).toBe('mi\u0307mi');
  });
});

describe('usernameSkeleton', () => {
  it('drops combining marks, so every spelling of a name shares one', () => {
    for (const spelling of ['mimi', 'MIMI', 'm\u0130mi', 'm\u0130M\u0130', 'm\u00ecmi', '\uff4d\uff49\uff4d\uff49']) {
      expect(usernameSkeleton(spelling)).toBe('mimi');
    }
    expect(usernameSkeleton('alice')).not.toBe(usernameSkeleton('alicf'));
  });
});
