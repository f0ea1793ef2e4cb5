// Where a service's CPU time went, from a V8 CPU profile: each sample is charged to the part of
// the request path of the innermost script frame on its stack that belongs to one. Native
// frames (better-sqlite3's statements, a socket's write) and Node's own modules go to their
// caller's part (a log line's write to pino, a response's to Express's send); Node's modules
// count on their own only with no part above them (the HTTP parser, timers), except a response's
// own writes (`end`, `setHeader`, ...), the response write whoever calls them. Middleware calls
// the rest of the chain from its own frame, so the innermost frame decides, not the outermost. Frames of the
// built bundle (dist/apps/<service>/main.js) are traced back to their source files through its
// source map. Usage: node tools/bench/profile/breakdown.ts FILE.cpuprofile [CPU µs per request]
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

export interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples: number[];
  timeDeltas: number[];
}

interface Frame {
  functionName: string;
  /** The source file: the original one for frames of a bundle with a source map. */
  source: string;
}

const RESPONSE_WRITE = 'response write (send, headers, socket)';

/** Parts of the request path; a frame belongs to the first that matches it. */
const PARTS: [part: string, matches: (frame: Frame) => boolean][] = [
  ['metrics (prom-client)', ({ source }) => source.includes('/prom-client/')],
  [
    'request log + request id',
    ({ source }) => /\/(pino|pino-std-serializers|sonic-boom|thread-stream|nestjs-pino)\/|observe-requests|request-id\.ts/.test(source),
  ],
  ['session check (guard)', ({ source }) => /libs\/auth\/|\/jsonwebtoken\/|\/jws\//.test(source)],
  [
    'validation (pipe, params, body shape)',
    ({ source }) =>
      /validation\.pipe|\/class-validator\/|\/class-transformer\/|\.param\.ts|body-shape|malformed-path|nul-characters|data-keys|pipes-consumer/.test(
        source,
      ),
  ],
  ['body parsing', ({ source }) => /json-body\.middleware|unread-body|\/body-parser\/|\/raw-body\//.test(source)],
  ['helmet', ({ source }) => source.includes('/helmet/')],
  [
    'SQL (statements, transaction, driver)',
    ({ source }) =>
      /libs\/persistence\/|\.repository\.ts|\.statements\.ts|\/better-sqlite3\/|\/pg\/|\/pg-protocol\/|\/pg-pool\/|\/typeorm\//.test(
        source,
      ),
  ],
  [
    'serialisation (entity to JSON)',
    ({ source, functionName }) =>
      /\.response\.ts|libs\/contracts\/src\/lib\/.*time/.test(source) ||
      (source.includes('/express/lib/response.js') && functionName === 'stringify'),
  ],
  ['error filter', ({ source }) => /all-exceptions\.filter|error-body/.test(source)],
  // A service's own sources are named relative to the app in its bundle's source map (webpack:///./src/...).
  ['service + controller', ({ source }) => /apps\/\w+\/src\/|^webpack:\/\/\/\.\/src\//.test(source)],
  ['NestJS (router, context, interceptors)', ({ source }) => /\/@nestjs\/|\/rxjs\//.test(source)],
  [RESPONSE_WRITE, ({ source }) => /\/express\/lib\/response\.js|router-response-controller|express-adapter/.test(source)],
  [
    'Express (router, middleware chain)',
    ({ source }) => /\/(express|router|finalhandler|path-to-regexp|on-finished|qs|send)\//.test(source),
  ],
  ['garbage collection', ({ functionName }) => functionName === '(garbage collector)'],
  ['microtask and tick queues', ({ functionName }) => functionName === 'runMicrotasks'],
];
const NODE = "node:http, net, timers (Node's own, under no part)";
const OTHER = 'other (native, program)';
const IDLE = new Set(['(idle)']);

const sourceMaps = new Map<string, SourceMap | undefined>();

function sourceMapOf(url: string): SourceMap | undefined {
  if (!url.startsWith('file://')) return undefined;
  if (!sourceMaps.has(url)) {
    const mapFile = `${fileURLToPath(url)}.map`;
    sourceMaps.set(url, fs.existsSync(mapFile) ? new SourceMap(JSON.parse(fs.readFileSync(mapFile, 'utf8')) as never) : undefined);
  }
  return sourceMaps.get(url);
}

function frameOf({ functionName, url, lineNumber, columnNumber }: CpuProfile['nodes'][number]['callFrame']): Frame {
  const entry = sourceMapOf(url)?.findEntry(lineNumber, columnNumber);
  const source = (entry && 'originalSource' in entry ? entry.originalSource : undefined) ?? url;
  return { functionName, source };
}

/** Node's own frames that write a response: its part, whoever calls them (Express's send, or a handler's own `end`). */
const WRITES_RESPONSE = new Set(['end', 'write', 'writeHead', 'setHeader', '_implicitHeader', '_storeHeader']);
const isResponseWrite = ({ source, functionName }: Frame): boolean =>
  (source === 'node:_http_outgoing' || source === 'node:_http_server') && WRITES_RESPONSE.has(functionName);

/** The part of the innermost frame that has one. */
function partOfStack(stack: readonly Frame[]): string | undefined {
  for (const frame of stack) {
    if (isResponseWrite(frame)) return RESPONSE_WRITE;
    if (frame.source.startsWith('node:')) continue;
    const part = PARTS.find(([, matches]) => matches(frame));
    if (part) return part[0];
  }
  return stack.some((frame) => frame.source.startsWith('node:')) ? NODE : undefined;
}

/** The share of the busy (non-idle) samples of each part, largest first. */
export function breakdown(profile: CpuProfile): { part: string; share: number }[] {
  const parent = new Map<number, number>();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const partOfNode = new Map<number, string | undefined>();
  const partOf = (id: number): string | undefined => {
    if (partOfNode.has(id)) return partOfNode.get(id);
    const stack: Frame[] = [];
    for (let node = nodes.get(id); node !== undefined; node = nodes.get(parent.get(node.id) ?? Number.NaN))
      stack.push(frameOf(node.callFrame));
    const part = IDLE.has(stack[0].functionName) ? undefined : (partOfStack(stack) ?? OTHER);
    partOfNode.set(id, part);
    return part;
  };
  const counts = new Map<string, number>();
  let busy = 0;
  for (const sample of profile.samples) {
    const part = partOf(sample);
    if (part === undefined) continue;
    busy += 1;
    counts.set(part, (counts.get(part) ?? 0) + 1);
  }
  return [...counts].map(([part, count]) => ({ part, share: count / busy })).sort((a, b) => b.share - a.share);
}

/** One line per part: its share and, given the CPU time per request, its µs per request. */
export function formatBreakdown(parts: { part: string; share: number }[], cpuMicrosPerRequest?: number): string[] {
  return parts.map(({ part, share }) =>
    [
      part.padEnd(40),
      `${(share * 100).toFixed(1).padStart(5)} %`,
      cpuMicrosPerRequest === undefined
        ? ''
        : `${Math.round(share * cpuMicrosPerRequest)
            .toString()
            .padStart(4)} µs/req`,
    ].join('  '),
  );
}

if (import.meta.filename === process.argv[1]) {
  const [file, cpu] = process.argv.slice(2);
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  for (const line of formatBreakdown(breakdown(profile), cpu === undefined ? undefined : Number(cpu))) console.log(line);
}
