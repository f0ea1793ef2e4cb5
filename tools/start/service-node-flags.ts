/**
 * Node's options for a service process, wherever one runs: npm start, the cluster test, the
 * benchmarks (docker/Dockerfile's CMD repeats them). Under load V8 grows its young generation to
 * two 32 MB semi-spaces; capped at 8 MB each, a cache service holds ~183 MB after its benchmark
 * instead of ~217 MB (docs/benchmarks/2026-11-27-request-path.md). `--optimize-for-size` makes V8
 * grow its old generation more slowly and keep fewer freed pages: a cache service after hits,
 * misses and stores holds 141–144 MB instead of 172–217 MB (bare NestJS ~150 MB), for +1 % of
 * instructions per SQLite hit side by side (docs/benchmarks/2026-11-27-request-path-4.md).
 * They can only be set at start.
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--optimize-for-size'];
