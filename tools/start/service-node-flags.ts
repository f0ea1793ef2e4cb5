/**
 * Node's options for a service process, wherever one runs: npm start, the cluster test, the
 * benchmarks (docker/Dockerfile's CMD repeats them). Under load V8 grows its young generation to
 * two 32 MB semi-spaces, most of the gap between a service's resident memory and bare NestJS's;
 * capped at 8 MB each, a cache service holds ~183 MB after its benchmark instead of ~217 MB, at
 * no measurable CPU cost (docs/benchmarks/2026-11-27-request-path.md). It can only be set at start.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8'];
