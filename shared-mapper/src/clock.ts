/**
 * Milliseconds, for the spans a map reports (`MapResult.timings`). Under Node, from
 * `process.uptime()`: the first read of the `performance` global makes Node load perf_hooks
 * (eleven of its modules, about 1 ms of a cold `routemap routes`, which needs none of them).
 * Elsewhere (a browser, a worker without `process`), `performance.now()`.
 */
const hasUptime = typeof process !== "undefined" && typeof process.uptime === "function";

export const now: () => number = hasUptime ? () => process.uptime() * 1000 : () => performance.now();
