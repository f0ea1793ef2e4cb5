import { parseTrustedProxies } from './trusted-proxies';

describe('parseTrustedProxies', () => {
  it('takes addresses, CIDR ranges, netmasks and express’s names, trimmed', () => {
    expect(parseTrustedProxies(' 10.0.0.1, 172.16.0.0/12 ,fd00::/8,::1, loopback, 192.168.0.0/255.255.0.0')).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      '::1',
      'loopback',
      '192.168.0.0/255.255.0.0',
    ]);
    expect(parseTrustedProxies('')).toEqual([]);
  });

  it.each(['*', 'everyone', '10.0.0.0/33', 'fd00::/129', '10.0.0/8', '10.0.0.0/8/1', 'example.org'])('refuses %p', (entry) => {
    expect(() => parseTrustedProxies(entry)).toThrow(entry);
  });
});
