// `quoridor serve` for the browser tests and the screenshots: the command
// line built by `cargo build` (target/debug, or QUORIDOR_BIN), on any free
// port, with a build of the page and a fresh SQLite file in a temporary
// folder. Not a `*.test.mjs` file, so `node --test` does not run it.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The command line built by `cargo build` (scripts/test.sh builds it first). */
export const BIN = process.env.QUORIDOR_BIN ?? resolve(process.env.CARGO_TARGET_DIR ?? "target", "debug/quoridor");

/**
 * Starts `quoridor serve` on any free port with the build and a fresh
 * database, serving it under `base` (the path the build was made for);
 * `url` is the page's address.
 */
export async function startQuoridorServer(dist, base = "/") {
  const folder = mkdtempSync(join(tmpdir(), "quoridor-online-"));
  const args = ["serve", "--port", "0", "--db", join(folder, "rooms.db"), "--dist", dist, "--base-path", base];
  const child = spawn(BIN, args, {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let errors = "";
  child.stderr.on("data", (d) => (errors += d));
  const url = await new Promise((ok, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`quoridor serve did not start: ${errors}`)), 20_000);
    child.stdout.on("data", (d) => {
      out += d;
      const found = out.match(/listening on (http:\/\/\S+)/);
      if (found) {
        clearTimeout(timer);
        ok(found[1].replace(/\/?$/, "") + base);
      }
    });
    child.on("exit", (code) => fail(new Error(`quoridor serve exited (${code}): ${errors}`)));
  });
  return {
    url,
    close: async () => {
      child.kill("SIGTERM");
      await new Promise((ok) => (child.exitCode !== null ? ok() : child.on("exit", ok)));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

