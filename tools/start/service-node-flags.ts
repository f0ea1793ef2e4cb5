/**
 * Node's options for a service process, wherever one runs: npm start, the cluster test, the
 * benchmarks (docker/Dockerfile's CMD repeats them). It can only be set at start.
 * - `--max-semi-space-size=8`: under load V8 grows its young generation to two 32 MB semi-spaces,
 *   most of the gap between a service's resident memory and bare NestJS's; capped at 8 MB each, a
 *   cache service holds ~183 MB after its benchmark instead of ~217 MB, at no measurable CPU cost
 *   (docs/benchmarks/2026-11-27-request-path.md).
 * - `--heap-growing-percent=50`: the next full collection comes when the old generation has grown
 *   to 1.5× what survived the last one. V8's own factor (up to 4×, sized for a machine's memory)
 *   let concurrent requests' promoted garbage pile up: in the results-scale benchmark the old
 *   generation reached ~210 MB of which ~35 MB was live, and RSS 335–362 MB; with this flag RSS
 *   stays at 266–277 MB. No hard heap limit, so a large request is never cut off
 *   (docs/benchmarks/2026-11-27-results-load-2.md).
 */
export const SERVICE_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--heap-growing-percent=50'];
