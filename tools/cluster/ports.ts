// Free loopback ports, chosen by the kernel (bind to port 0) and kept distinct within a run.

import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  for (let attempt = 0; ports.size < count; attempt += 1) {
    if (attempt > count * 20) throw new Error(`could not find ${count} free loopback ports`);
    ports.add(await freePort());
  }
  return [...ports];
}
