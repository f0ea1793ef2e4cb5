import { InvalidArgumentError } from 'commander';
import { isIP } from 'node:net';

/** The names express's `trust proxy` understands besides addresses. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * `--trusted-proxies`: a comma list of addresses, CIDR ranges (`10.0.0.0/8`, `fd00::/8`),
 * address/netmask pairs or express's names (loopback, linklocal, uniquelocal). Only a request
 * arriving from one of them has its X-Forwarded-For believed. Empty (the default): none.
 */
export function parseTrustedProxies(value: string): string[] {
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isTrustedProxyEntry(entry)) {
      throw new InvalidArgumentError(`"${entry}" is not an address, a CIDR range or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}

function isTrustedProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry) || isIP(entry) !== 0) return true;
  const [address, range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0 || range === undefined) return false;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}
