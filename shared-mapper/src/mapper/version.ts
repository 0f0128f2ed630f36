/** The Rails series whose routing behaviour Routemap follows (3.2 only where `versions.test.mjs` says). */
export const SUPPORTED_RAILS_VERSIONS = ["3.2", "6.1", "7.0", "7.1", "7.2", "8.0", "8.1"] as const;

/** The supported series a version such as `7.1` or `7.1.3.4` belongs to, else undefined. */
export function railsSeries(text: string): string | undefined {
  const m = /^(\d+\.\d+)(?:\.\d+)*$/.exec(text.trim());
  return m && (SUPPORTED_RAILS_VERSIONS as readonly string[]).includes(m[1]) ? m[1] : undefined;
}

/** The Rails version whose mapper we follow, parsed once from `railsVersion`. */
export class Version {
  constructor(
    readonly major: number,
    readonly minor: number,
  ) {}

  static parse(text: string | undefined): Version {
    const m = /^(\d+)(?:\.(\d+))?/.exec(text ?? "");
    if (!m) return new Version(8, 1);
    return new Version(parseInt(m[1], 10), m[2] ? parseInt(m[2], 10) : 0);
  }

  gte(major: number, minor = 0): boolean {
    return this.major > major || (this.major === major && this.minor >= minor);
  }

  lt(major: number, minor = 0): boolean {
    return !this.gte(major, minor);
  }

  toString(): string {
    return `${this.major}.${this.minor}`;
  }
}
