'use strict';
// Free loopback ports, chosen by the kernel (bind to port 0) and kept distinct within a run.

const net = require('node:net');

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function freePorts(count) {
  const ports = new Set();
  for (let attempt = 0; ports.size < count; attempt += 1) {
    if (attempt > count * 20) throw new Error(`could not find ${count} free loopback ports`);
    ports.add(await freePort());
  }
  return [...ports];
}

module.exports = { freePort, freePorts };
