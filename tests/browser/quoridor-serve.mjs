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

/** Spawns `quoridor serve` on `port` (0: any); the child and the address it printed. */
async function spawnServer(dist, base, db, port) {
  const args = ["serve", "--port", String(port), "--db", db, "--dist", dist, "--base-path", base];
  const child = spawn(BIN, args, { stdio: ["ignore", "pipe", "pipe"] });
  let errors = "";
  child.stderr.on("data", (d) => (errors += d));
  const address = await new Promise((ok, fail) => {
    let out = "";
    const timer = setTimeout(() => fail(new Error(`quoridor serve did not start: ${errors}`)), 20_000);
    child.stdout.on("data", (d) => {
      out += d;
      const found = out.match(/listening on (http:\/\/\S+)/);
      if (found) {
        clearTimeout(timer);
        ok(found[1].replace(/\/?$/, ""));
      }
    });
    child.on("exit", (code) => fail(new Error(`quoridor serve exited (${code}): ${errors}`)));
  });
  return { child, address };
}

/** Stops `child` with `signal` and waits until it has exited. */
async function stopServer(child, signal) {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((ok) => child.on("exit", ok));
    child.kill(signal);
    await exited;
  }
}

/**
 * Starts `quoridor serve` on any free port with the build and a fresh
 * database, serving it under `base` (the path the build was made for);
 * `url` is the page's address. `restart(signal)` stops the server
 * (`SIGKILL`: as a crash) and starts it again on the same port and
 * database.
 */
export async function startQuoridorServer(dist, base = "/") {
  const folder = mkdtempSync(join(tmpdir(), "quoridor-online-"));
  const db = join(folder, "rooms.db");
  let { child, address } = await spawnServer(dist, base, db, 0);
  const port = Number(new URL(address).port);
  return {
    url: address + base,
    restart: async (signal = "SIGKILL") => {
      await stopServer(child, signal);
      ({ child } = await spawnServer(dist, base, db, port));
    },
    close: async () => {
      await stopServer(child, "SIGTERM");
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
