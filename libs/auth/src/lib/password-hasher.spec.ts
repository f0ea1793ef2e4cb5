import { hashPassword, needsRehash, PasswordHasher, SCRYPT_PARAMS, verifyPassword } from './password-hasher';

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash with the configured cost', async () => {
    const stored = await hashPassword('s3cret-password');
    const [scheme, N, r, p, salt, hash] = stored.split('$');
    expect(scheme).toBe('scrypt');
    expect([Number(N), Number(r), Number(p)]).toEqual([SCRYPT_PARAMS.N, SCRYPT_PARAMS.r, SCRYPT_PARAMS.p]);
    expect(SCRYPT_PARAMS).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('s3cret-password');
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('accepts the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('right-password');
    await expect(verifyPassword('right-password', stored)).resolves.toBe(true);
    await expect(verifyPassword('wrong-password', stored)).resolves.toBe(false);
    await expect(verifyPassword('right-password ', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('handles non-ASCII passwords', async () => {
    const stored = await hashPassword('pässwörd-日本');
    await expect(verifyPassword('pässwörd-日本', stored)).resolves.toBe(true);
    await expect(verifyPassword('passwords-日本', stored)).resolves.toBe(false);
  });

  it('refuses malformed or unreasonable stored hashes instead of throwing', async () => {
    const [, , , , salt, hash] = (await hashPassword('x-password')).split('$');
    for (const stored of [
      '',
      'plain',
      `bcrypt$16384$8$1$${salt}$${hash}`,
      `scrypt$1000$8$1$${salt}$${hash}`,
      `scrypt$${2 ** 30}$8$1$${salt}$${hash}`,
      `scrypt$16384$8$1$$${hash}`,
      `scrypt$16384$8$1$${salt}$`,
    ]) {
      await expect(verifyPassword('x-password', stored)).resolves.toBe(false);
    }
  });

  it('does the hashing work and answers false when there is no stored hash', async () => {
    const hasher = new PasswordHasher();
    await expect(hasher.verify('anything-at-all', null)).resolves.toBe(false);
    const started = performance.now();
    await hasher.verify('anything-at-all', null);
    const unknownUser = performance.now() - started;
    const stored = await hasher.hash('anything-at-all');
    const begun = performance.now();
    await hasher.verify('something-else', stored);
    const wrongPassword = performance.now() - begun;
    // Same scrypt cost either way (generous bound: timings on a busy machine vary).
    expect(unknownUser).toBeGreaterThan(wrongPassword / 4);
  });

  it('asks for a re-hash of hashes weaker than new ones, and only of those', async () => {
    expect(needsRehash(await hashPassword('old-cost-password', { N: 16384, r: 8, p: 1 }))).toBe(true);
    expect(needsRehash(await hashPassword('current-password'))).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(false);
  });

  it('verifies hashes of an older cost', async () => {
    const stored = await hashPassword('old-cost-password', { N: 16384, r: 8, p: 1 });
    await expect(verifyPassword('old-cost-password', stored)).resolves.toBe(true);
  });
});
