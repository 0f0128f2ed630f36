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
