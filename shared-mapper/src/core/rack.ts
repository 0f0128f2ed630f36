/**
 * Constants of Rack, which every Rails app loads, whose values differ between Rack's versions:
 * known only for the version the app's Gemfile.lock locks. `Rack::Utils::HTTP_STATUS_CODES`
 * is the table of that release of Rack's lib/rack/utils.rb (`rackStatusCodes.ts`); for a
 * release outside the ranges held there, or with no lockfile naming rack, it is unknown.
 */
import { RHash, RUnknown, type RValue } from "../ruby/values.js";
import { RACK_HTTP_STATUS_CODES, type RackStatusCodes } from "./rackStatusCodes.js";

/** A release's numeric segments (`3.2.6` → [3, 2, 6]); undefined for a prerelease (`3.0.0.beta1`). */
function segments(version: string): number[] | undefined {
  if (!/^\d+(\.\d+)*$/.test(version)) return undefined;
  return version.split(".").map(Number);
}

function compareVersions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** The table held for a Rack release, if it falls in one of the checked ranges. */
export function statusCodesFor(rackVersion: string): RackStatusCodes | undefined {
  const v = segments(rackVersion);
  if (!v) return undefined;
  return RACK_HTTP_STATUS_CODES.find((t) => compareVersions(v, segments(t.from)!) >= 0 && compareVersions(v, segments(t.to)!) <= 0);
}

/** The value of a Rack constant for the locked Rack version, or undefined when Routemap does not model the constant. */
export function rackConstant(path: string, rackVersion: string | undefined): RValue | undefined {
  if (path !== "Rack::Utils::HTTP_STATUS_CODES") return undefined;
  const table = rackVersion ? statusCodesFor(rackVersion) : undefined;
  if (!table) {
    const why = rackVersion
      ? `Rack ${rackVersion}'s table, which Routemap does not hold (it holds Rack ${RACK_HTTP_STATUS_CODES.map((t) => `${t.from}–${t.to}`).join(", ")})`
      : "the table of the Rack the app runs, and no Gemfile.lock names its version";
    return new RUnknown(path, false, why, undefined, path);
  }
  return RHash.fromArrays(table.codes.map(([k]) => k), table.codes.map(([, v]) => v));
}
