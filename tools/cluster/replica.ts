'use strict';
// One replica: a built service (dist/apps/<svc>/main.js) on a loopback port, its output kept in a
// log file, with start / wait-healthy / SIGTERM / kill -9 / restart on the same port.

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { distMain } = require('./dist');
const { request } = require('./http');

const STOP_TIMEOUT_MS = 30_000;
const TAIL_LINES = 40;

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

class Replica {
  /**
   * @param {object} options
   * @param {string} options.service cache, catalog or results
   * @param {string} options.name e.g. cache-1
   * @param {number} options.port
   * @param {string} options.dbUrl PostgreSQL URL of the service's database (also the auth store)
   * @param {string} options.dir working directory (its ./data stays out of the repository)
   * @param {object} options.env the complete environment of the process
   * @param {string[]} [options.args] extra command-line options
   */
  constructor({ service, name, port, dbUrl, dir, env, args = [] }) {
    Object.assign(this, { service, name, port, dbUrl, dir, env, args });
    this.url = `http://127.0.0.1:${port}`;
    this.logFile = path.join(dir, `${name}.log`);
    this.child = null;
    this.exited = null;
    this.tail = [];
    this.starts = 0;
  }

  get pid() {
    return this.child?.pid;
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  start() {
    if (this.running) throw new Error(`${this.name} is already running`);
    fs.mkdirSync(this.dir, { recursive: true });
    const log = fs.createWriteStream(this.logFile, { flags: 'a' });
    this.starts += 1;
    log.write(`--- start ${this.starts} at ${new Date().toISOString()}\n`);
    const args = [
      distMain(this.service),
      '--port',
      String(this.port),
      '--host',
      '127.0.0.1',
      '--backend',
      'postgresql',
      '--db-url',
      this.dbUrl,
      ...this.args,
    ];
    const child = spawn(process.execPath, args, { cwd: this.dir, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.tail = [];
    const keep = (chunk) => {
      log.write(chunk);
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        this.tail.push(line);
        if (this.tail.length > TAIL_LINES) this.tail.shift();
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    this.exited = new Promise((resolve) => {
      child.once('error', (error) => {
        log.end(`--- spawn failed: ${error.message}\n`);
        resolve({ code: null, signal: null, error });
      });
      child.once('exit', (code, signal) => {
        log.end(`--- exit code=${code} signal=${signal}\n`);
        resolve({ code, signal });
      });
    });
    return this;
  }

  /** Polls /health until 200; fails at once if the process exits, else after timeoutMs. */
  async waitHealthy(timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    let last = 'no answer yet';
    while (Date.now() < deadline) {
      if (!this.running) {
        const { code, signal } = await this.exited;
        throw new Error(`${this.name} exited during start-up (code ${code}, signal ${signal}):\n${this.describeTail()}`);
      }
      const response = await request(this.url, { path: '/health', timeoutMs: 3000 });
      if (response.status === 200) return;
      last = response.status === 0 ? response.error : `${response.status} ${response.text}`;
      await sleep(250);
    }
    throw new Error(`${this.name} not healthy within ${timeoutMs / 1000} s (last: ${last}):\n${this.describeTail()}`);
  }

  /** SIGTERM, then wait for the exit (SIGKILL after STOP_TIMEOUT_MS). Resolves to {code, signal}. */
  async stop(timeoutMs = STOP_TIMEOUT_MS) {
    if (!this.child) return { code: null, signal: null };
    if (!this.running) return this.exited;
    this.child.kill('SIGTERM');
    return this.waitExit(timeoutMs);
  }

  async waitExit(timeoutMs = STOP_TIMEOUT_MS) {
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const result = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    if (result) return result;
    this.child.kill('SIGKILL');
    const killed = await this.exited;
    return { ...killed, timedOut: true };
  }

  signal(signal) {
    if (this.running) this.child.kill(signal);
  }

  /** kill -9; resolves once the process is gone. */
  async kill() {
    if (!this.running) return this.exited;
    this.child.kill('SIGKILL');
    return this.exited;
  }

  /** Synchronous last resort for process exit. */
  killNow() {
    if (this.running) this.child.kill('SIGKILL');
  }

  async restart(timeoutMs) {
    if (this.running) await this.stop();
    this.start();
    await this.waitHealthy(timeoutMs);
  }

  describeTail() {
    const lines = this.tail.length > 0 ? this.tail.slice(-15).map((line) => `    ${line}`) : ['    (no output)'];
    return `${lines.join('\n')}\n    (full log: ${this.logFile})`;
  }
}

module.exports = { Replica };
