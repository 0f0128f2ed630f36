// The Rails side of the comparison: one Ruby process running
// test-fixtures/oracle/rails_routes_batch.rb, asked for one file at a time over its stdin, its
// answers read line by line from its stdout (in the order asked).
import { execFileSync, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const DRIVER = fileURLToPath(new URL("../../../test-fixtures/oracle/rails_routes_batch.rb", import.meta.url));
// As scripts/oracle.mjs: Ruby's own decorations of error messages are not Rails'.
const RUBY_FLAGS = ["--disable=error_highlight,did_you_mean", "-W0"];

/** Whether Ruby with ActionDispatch 6.1 is installed (the fuzzer's reference). */
export function hasRails() {
  try {
    const v = execFileSync("ruby", ["-e", 'require "action_dispatch"; print ActionPack.version'], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    return v.startsWith("6.1.");
  } catch {
    return false;
  }
}

export class RailsOracle {
  constructor() {
    this.child = spawn("ruby", [...RUBY_FLAGS, DRIVER], { stdio: ["pipe", "pipe", "pipe"] });
    this.waiting = [];
    this.stderr = "";
    this.child.stderr.on("data", (d) => {
      this.stderr = (this.stderr + d).slice(-4000);
    });
    createInterface({ input: this.child.stdout }).on("line", (line) => this.waiting.shift()?.resolve(JSON.parse(line)));
    this.child.on("exit", (code) => {
      const error = new Error(`the Rails oracle exited (${code}): ${this.stderr}`);
      for (const w of this.waiting.splice(0)) w.reject(error);
      this.exited = error;
    });
  }

  /**
   * Rails' answer for `file`: `{ sheet, routes, error }` or `{ crash }`. Strict (the default):
   * no stand-in for a method or a constant in capitals the file does not define.
   */
  draw(file, { railsEnv = "development", vars = {}, strict = true } = {}) {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.child.stdin.write(JSON.stringify({ file, env: railsEnv, vars, strict }) + "\n");
    });
  }

  close() {
    this.child.stdin.end();
    return new Promise((resolve) => (this.child.exitCode !== null ? resolve() : this.child.on("exit", resolve)));
  }
}
