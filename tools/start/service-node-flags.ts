/**
 * Node's options and environment for a service process, wherever one runs: npm start, the cluster
 * test, the benchmarks (docker/Dockerfile's CMD and ENV repeat them). They can only be set at start.
 * - `--max-semi-space-size=8`: under load V8 grows its young generation to two 32 MB semi-spaces,
 *   most of the gap between a service's resident memory and bare NestJS's; capped at 8 MB each, a
 *   cache service holds ~183 MB after its benchmark instead of ~217 MB, at no measurable CPU cost
 *   (docs/benchmarks/2026-11-27-request-path.md). At 4 MB it held 10–20 MB less, but a cache GET
 *   hit cost 5–10 µs more (twice as many scavenges of the same requests in flight;
 *   docs/benchmarks/2026-11-28-request-path-9.md).
 * - `--heap-growing-percent=50`: the next full collection comes when the old generation has grown
 *   to 1.5× what survived the last one. V8's own factor (up to 4×, sized for a machine's memory)
 *   let concurrent requests' promoted garbage pile up: in the results-scale benchmark the old
 *   generation reached ~210 MB of which ~35 MB was live, and RSS 335–362 MB; with this flag RSS
 *   stays at 266–277 MB. No hard heap limit, so a large request is never cut off
 *   (docs/benchmarks/2026-11-27-results-load-2.md).
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=50'];

/**
 * - `MALLOC_ARENA_MAX=2`: glibc's malloc gives each thread that allocates (libuv's pool, V8's
 *   workers) an arena of its own, up to 8 per core, and keeps what each one grew to. With two, bare
 *   NestJS holds 147 MB instead of 151–152 MB after its benchmark, and the cache service 5–15 MB
 *   less than its 200–205 MB, at the same CPU (docs/benchmarks/2026-11-28-request-path-9.md).
 */
export const SERVICE_ENVIRONMENT: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };
