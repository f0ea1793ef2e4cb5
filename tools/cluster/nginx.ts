'use strict';
// nginx in the foreground, from a config rendered out of docker/nginx.conf into a run directory.

const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { request } = require('./http');
const { readNginxConf, renderLoopbackConf, RUN_FILES } = require('./nginx-conf');

const APT_PACKAGE = 'nginx';
const STOP_TIMEOUT_MS = 15_000;

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The nginx binary: SIMSVC_NGINX, else `nginx` on PATH or in /usr/sbin. Throws a clear message when absent. */
function findNginx() {
  const candidates = process.env.SIMSVC_NGINX
    ? [process.env.SIMSVC_NGINX]
    : [
        ...(process.env.PATH ?? '')
          .split(path.delimiter)
          .filter(Boolean)
          .map((dir) => path.join(dir, 'nginx')),
        '/usr/sbin/nginx',
        '/usr/local/sbin/nginx',
      ];
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // next
    }
  }
  throw new Error(
    `nginx not found (looked for ${process.env.SIMSVC_NGINX ? `SIMSVC_NGINX=${process.env.SIMSVC_NGINX}` : 'nginx on PATH and in /usr/sbin'}). ` +
      `Install it (Debian/Ubuntu: \`apt-get install -y --no-install-recommends ${APT_PACKAGE}\`) or set SIMSVC_NGINX to its path.`,
  );
}

function nginxVersion(binary) {
  try {
    return execFileSync(binary, ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim() || undefined;
  } catch (error) {
    return String(error.stderr ?? '').trim() || undefined;
  }
}

class Nginx {
  /**
   * @param {object} options
   * @param {string} options.dir run directory (config, pid, logs, temp files)
   * @param {Record<string, number[]>} options.upstreams service -> replica ports
   * @param {Record<string, number>} options.listen service -> port nginx listens on
   */
  constructor({ dir, upstreams, listen, binary = findNginx() }) {
    Object.assign(this, { dir, upstreams, listen, binary });
    this.urls = Object.fromEntries(Object.entries(listen).map(([service, port]) => [service, `http://127.0.0.1:${port}`]));
    this.confFile = path.join(dir, 'nginx.conf');
    this.accessLog = path.join(dir, RUN_FILES.access_log);
    this.errorLog = path.join(dir, RUN_FILES.error_log);
    this.child = null;
    this.exited = null;
  }

  get running() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Renders docker/nginx.conf (or the given text of it) into the run directory. */
  writeConf(template = readNginxConf()) {
    fs.mkdirSync(this.dir, { recursive: true });
    // nginx workers run as an unprivileged user when the master is root: they must reach the temp dirs.
    fs.chmodSync(this.dir, 0o755);
    fs.writeFileSync(this.confFile, renderLoopbackConf(template, { dir: this.dir, upstreams: this.upstreams, listen: this.listen }));
  }

  baseArgs() {
    return ['-p', this.dir, '-c', this.confFile, '-e', path.join(this.dir, 'nginx-startup-error.log')];
  }

  /** `nginx -t` on the rendered config; throws nginx's own message. */
  test() {
    try {
      execFileSync(this.binary, [...this.baseArgs(), '-t', '-q'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      throw new Error(`nginx -t rejected ${this.confFile}: ${String(error.stderr ?? error.message).trim()}`);
    }
  }

  async start(timeoutMs = 15_000) {
    this.writeConf();
    this.test();
    const child = spawn(this.binary, [...this.baseArgs(), '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
    this.child = child;
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-4000);
    });
    this.exited = new Promise((resolve) => {
      child.once('error', (error) => resolve({ code: null, signal: null, error }));
      child.once('exit', (code, signal) => resolve({ code, signal }));
    });
    const deadline = Date.now() + timeoutMs;
    const pending = new Set(Object.values(this.urls));
    while (pending.size > 0) {
      if (!this.running) throw new Error(`nginx exited at start-up: ${stderr.trim() || this.readErrorLog()}`);
      if (Date.now() > deadline) throw new Error(`nginx not listening within ${timeoutMs / 1000} s: ${this.readErrorLog()}`);
      for (const url of [...pending]) {
        const response = await request(url, { path: '/health', timeoutMs: 2000 });
        if (response.status !== 0) pending.delete(url);
      }
      if (pending.size > 0) await sleep(100);
    }
    return this;
  }

  /** Graceful stop (SIGQUIT), SIGKILL after a timeout. */
  async stop(timeoutMs = STOP_TIMEOUT_MS) {
    if (!this.running) return this.exited;
    this.child.kill('SIGQUIT');
    let timer;
    const timeout = new Promise((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const result = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    if (result) return result;
    this.killNow();
    return this.exited;
  }

  /** Synchronous last resort: the master and, through the pid file, nothing else is left behind. */
  killNow() {
    if (this.running) this.child.kill('SIGKILL');
  }

  readErrorLog() {
    try {
      return fs.readFileSync(this.errorLog, 'utf8').trim().split('\n').slice(-10).join('\n');
    } catch {
      return '(no error log)';
    }
  }

  /** Access-log lines (format `simsvc` of docker/nginx.conf) whose request id starts with `prefix`. */
  accessEntries(prefix) {
    let text = '';
    try {
      text = fs.readFileSync(this.accessLog, 'utf8');
    } catch {
      return [];
    }
    const entries = [];
    for (const line of text.split('\n')) {
      const match = line.match(/" (\d{3}) \d+ rid=(\S+) upstream=(.*?) upstream_status=(.*?) rt=/);
      if (match && match[2].startsWith(prefix))
        entries.push({ status: Number(match[1]), rid: match[2], upstream: match[3], upstreamStatus: match[4] });
    }
    return entries;
  }
}

module.exports = { Nginx, findNginx, nginxVersion, APT_PACKAGE };
