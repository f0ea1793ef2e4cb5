/** Estimated entropy a signing secret must have: well above what a guessing attack can cover. */
export const MIN_SECRET_ENTROPY_BITS = 96;

/**
 * A conservative estimate of a secret's entropy in bits: its length times the Shannon entropy of
 * its characters' frequencies. 32 × "a" scores 0, a repeated short pattern little; 32 random
 * bytes in base64 (44 characters) score about 200, `openssl rand -hex 32` about 240.
 */
export function estimatedEntropyBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let perCharacter = 0;
  for (const count of counts.values()) {
    const share = count / characters.length;
    perCharacter -= share * Math.log2(share);
  }
  return perCharacter * characters.length;
}
