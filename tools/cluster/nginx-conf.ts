// docker/nginx.conf, read and adapted line by line. The template rewrites only:
//   pid, error_log, access_log and *_temp_path  -> files in a run directory
//   `listen <service port>;`                    -> `listen 127.0.0.1:<port>;`
//   the server lines of each `# upstream:<svc>` block -> one line per loopback replica
//   the `# console` server block                 -> its listen and root rewritten, or left out
// and keeps every other line byte for byte. It fails loudly when the file no longer has the
// shape it relies on, rather than producing a config that silently tests something else.

import path from 'node:path';
import fs from 'node:fs';
import { REPO_ROOT, DEFAULT_PORTS } from './dist.ts';

export const NGINX_CONF = path.join(REPO_ROOT, 'docker', 'nginx.conf');

const MARKER = /^\s*#\s*upstream:([a-z]+)\s*$/;
const CONSOLE_MARKER = /^#\s*console\s*$/;
const BLOCK_END = /^}\s*$/;
const ROOT_LINE = /^(\s*)root\s+\S+\s*;\s*$/;
const UPSTREAM_OPEN = /^\s*upstream\s+(\S+)\s*\{\s*$/;
const SERVER_LINE = /^(\s*)server\s+([A-Za-z0-9_.-]+):(\d+)((?:\s+[^;\s]+)*)\s*;\s*$/;
const LISTEN_LINE = /^(\s*)listen\s+(\d+)\s*;\s*$/;
const PROXY_PASS = /^\s*proxy_pass\s+http:\/\/([A-Za-z0-9_]+)\s*;/;
const PATH_DIRECTIVE =
  /^(\s*)(pid|error_log|access_log|client_body_temp_path|proxy_temp_path|fastcgi_temp_path|uwsgi_temp_path|scgi_temp_path)\s+(\S+)((?:\s+[^;\s]+)*)\s*;\s*$/;

/** Where the path directives point inside the run directory (temp paths: <dir>/<name without _path>). */
export const RUN_FILES: Record<string, string> & { access_log: string; error_log: string } = {
  pid: 'nginx.pid',
  error_log: 'nginx-error.log',
  access_log: 'nginx-access.log',
};

export function readNginxConf(file = NGINX_CONF): string {
  return fs.readFileSync(file, 'utf8');
}

export interface UpstreamServer {
  host: string;
  port: number;
  params: string;
  line: number;
}

export interface UpstreamBlock {
  name: string;
  line: number;
  servers: UpstreamServer[];
}

export interface Listener {
  port: number;
  upstream: string | null;
  line: number;
}

/** The console's server block: from its `# console` marker to its closing `}` (line numbers from 1). */
export interface ConsoleBlock {
  start: number;
  end: number;
  port: number | null;
}

export interface ParsedNginxConf {
  /** By service, from the `# upstream:<service>` markers. */
  upstreams: Record<string, UpstreamBlock>;
  /** The services' listeners (the console's is in `console`). */
  listeners: Listener[];
  console: ConsoleBlock | null;
  problems: string[];
}

/** The upstream blocks behind `# upstream:<service>` markers and the listeners (line numbers from 1). */
export function parseNginxConf(text: string): ParsedNginxConf {
  const lines = text.split('\n');
  const upstreams: Record<string, UpstreamBlock> = {};
  const listeners: Listener[] = [];
  const problems: string[] = [];
  let consoleBlock: ConsoleBlock | null = null;
  for (let i = 0; i < lines.length; i += 1) {
    if (CONSOLE_MARKER.test(lines[i])) {
      let end = i + 1;
      while (end < lines.length && !BLOCK_END.test(lines[end])) end += 1;
      if (end >= lines.length) problems.push(`line ${i + 1}: the "# console" server block is not closed by a "}" line`);
      const listen = lines
        .slice(i, end)
        .map((line) => line.match(LISTEN_LINE))
        .find(Boolean);
      if (!listen) problems.push(`line ${i + 1}: the "# console" server block has no "listen <port>;" line`);
      consoleBlock = { start: i + 1, end: end + 1, port: listen ? Number(listen[2]) : null };
      i = end;
      continue;
    }
    const marker = lines[i].match(MARKER);
    if (marker) {
      const service = marker[1];
      const open = lines[i + 1]?.match(UPSTREAM_OPEN);
      if (!open) {
        problems.push(`line ${i + 2}: "# upstream:${service}" must be followed by an "upstream NAME {" line`);
        continue;
      }
      const block: UpstreamBlock = { name: open[1], line: i + 2, servers: [] };
      let j = i + 2;
      for (; j < lines.length && !/^\s*}\s*$/.test(lines[j]); j += 1) {
        const server = lines[j].match(SERVER_LINE);
        if (server) block.servers.push({ host: server[2], port: Number(server[3]), params: server[4].trim(), line: j + 1 });
        else if (/^\s*server\s/.test(lines[j]))
          problems.push(`line ${j + 1}: upstream server line not in the form "server <host>:<port> <params>;"`);
      }
      if (j >= lines.length) problems.push(`line ${i + 2}: upstream ${block.name} is not closed`);
      if (upstreams[service]) problems.push(`line ${i + 1}: a second "# upstream:${service}" block`);
      upstreams[service] = block;
      i = j;
      continue;
    }
    const listen = lines[i].match(LISTEN_LINE);
    if (listen) {
      let upstream: string | null = null;
      for (let j = i + 1; j < lines.length && !LISTEN_LINE.test(lines[j]); j += 1) {
        const pass = lines[j].match(PROXY_PASS);
        if (pass) {
          upstream = pass[1];
          break;
        }
      }
      listeners.push({ port: Number(listen[2]), upstream, line: i + 1 });
    }
  }
  return { upstreams, listeners, console: consoleBlock, problems };
}

export interface LoopbackOptions {
  /** Run directory for pid, logs and temp files. */
  dir: string;
  /** Service -> loopback ports of its replicas. */
  upstreams: Record<string, number[]>;
  /** Service -> loopback port nginx listens on. */
  listen: Record<string, number>;
  /** Where the console is served from; without it the console's server block is left out. */
  console?: { port: number; root: string };
}

/** docker/nginx.conf (its text) rewritten for loopback replicas and a run directory. */
export function renderLoopbackConf(text: string, { dir, upstreams, listen, console: site }: LoopbackOptions): string {
  const parsed = parseNginxConf(text);
  if (parsed.problems.length > 0) throw new Error(`docker/nginx.conf: ${parsed.problems.join('; ')}`);
  const lines = text.split('\n');
  const out: string[] = [];
  const seen = { paths: new Set<string>(), listen: new Set<string>(), upstreams: new Set<string>() };
  const serviceOfUpstream: Record<string, string> = Object.fromEntries(
    Object.entries(parsed.upstreams).map(([service, block]) => [block.name, service]),
  );
  const serviceOfPort: Record<string, string> = Object.fromEntries(Object.entries(DEFAULT_PORTS).map(([service, port]) => [port, service]));

  const block = parsed.console;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    if (block && i + 1 >= block.start && i + 1 <= block.end) {
      if (!site) continue;
      const listenLine = line.match(LISTEN_LINE);
      const rootLine = line.match(ROOT_LINE);
      if (listenLine) out.push(`${listenLine[1]}listen 127.0.0.1:${site.port};`);
      else if (rootLine) out.push(`${rootLine[1]}root ${site.root};`);
      else out.push(line);
      continue;
    }
    const directive = line.match(PATH_DIRECTIVE);
    if (directive) {
      const [, indent, name, , rest] = directive;
      const file = path.join(dir, RUN_FILES[name] ?? name.replace(/_path$/, ''));
      out.push(`${indent}${name} ${file}${rest};`);
      seen.paths.add(name);
      continue;
    }
    const listenMatch = line.match(LISTEN_LINE);
    if (listenMatch) {
      const listener = parsed.listeners.find((item) => item.line === i + 1) ?? { port: Number(listenMatch[2]), upstream: null };
      const service = (listener.upstream === null ? undefined : serviceOfUpstream[listener.upstream]) ?? serviceOfPort[listener.port];
      if (!service) throw new Error(`docker/nginx.conf line ${i + 1}: cannot tell which service "listen ${listener.port}" serves`);
      if (listen[service] === undefined) throw new Error(`no loopback listen port given for ${service}`);
      out.push(`${listenMatch[1]}listen 127.0.0.1:${listen[service]};`);
      seen.listen.add(service);
      continue;
    }
    const server = line.match(SERVER_LINE);
    const upstreamBlock = server && Object.entries(parsed.upstreams).find(([, b]) => b.servers.some((s) => s.line === i + 1));
    if (upstreamBlock) {
      const [service, upstream] = upstreamBlock;
      if (upstream.servers[0].line === i + 1) {
        const ports = upstreams[service];
        if (!ports || ports.length === 0) throw new Error(`no replica ports given for upstream ${service}`);
        const params = upstream.servers[0].params ? ` ${upstream.servers[0].params}` : '';
        for (const port of ports) out.push(`${server[1]}server 127.0.0.1:${port}${params};`);
        seen.upstreams.add(service);
      }
      continue;
    }
    out.push(line);
  }

  const missingPaths = ['pid', 'error_log', 'access_log', 'client_body_temp_path', 'proxy_temp_path'].filter(
    (name) => !seen.paths.has(name),
  );
  if (missingPaths.length > 0) throw new Error(`docker/nginx.conf: no ${missingPaths.join(', ')} directive to redirect into ${dir}`);
  if (site && !block) throw new Error('docker/nginx.conf: no "# console" server block to serve the console from');
  for (const service of Object.keys(listen)) {
    if (!seen.listen.has(service)) throw new Error(`docker/nginx.conf: no listener for ${service}`);
    if (!seen.upstreams.has(service)) throw new Error(`docker/nginx.conf: no "# upstream:${service}" block`);
  }
  return out.join('\n');
}
