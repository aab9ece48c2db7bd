// Shared set-up of the browser tests: one headless Chromium (Debian's, driven
// by playwright-core; never a downloaded browser) and one static server of the
// build under test, per test file. Not a `*.test.mjs` file, so `node --test`
// does not run it on its own.
import { after, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { chromium } from "playwright-core";
import { startServer } from "./server.mjs";

/** The build under test and the sub-path it was built for. */
export const DIST = process.env.QUORIDOR_DIST ?? "dist";
export const BASE = process.env.QUORIDOR_PUBLIC_URL ?? "/";
/** Longest wait for any one page action or expectation. */
export const TIMEOUT = 20_000;

/** Chromium flags that keep a headless run offline and quiet. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Launches Chromium (Debian's unless `CHROMIUM` names another). */
export function launchChromium() {
  assert.ok(existsSync(`${DIST}/index.html`), `no build in ${DIST}: run trunk build first`);
  return chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

/**
 * The page preferences of a returning player who opened the Engine and
 * Analysis panels and dismissed the how-to-play card (crates/page/src/model/prefs.rs),
 * set only where the profile has none of its own, so a test can still
 * change them and reload.
 */
export const RETURNING_PLAYER_PREFS = {
  "quoridor.panel.engine": "true",
  "quoridor.panel.analysis": "true",
  "quoridor.howto.dismissed": "true",
};

/** A browser context of a returning player (`RETURNING_PLAYER_PREFS`). */
export async function returningPlayerContext(browser, options = {}) {
  const context = await browser.newContext(options);
  await context.addInitScript((prefs) => {
    for (const [key, value] of Object.entries(prefs)) {
      if (localStorage.getItem(key) === null) localStorage.setItem(key, value);
    }
  }, RETURNING_PLAYER_PREFS);
  return context;
}

/**
 * Registers before/after hooks that start Chromium and a server of the build,
 * and returns `open(query, { context })`: a fresh profile (or `context`)
 * opened at `?query`, waiting for the board, collecting page and console errors
 * in `problems`. Profiles are a returning player's (the Engine and Analysis
 * panels open, the how-to-play card dismissed: `RETURNING_PLAYER_PREFS`);
 * `open.newContext(options)` gives such a fresh profile for tests that set
 * one up themselves, `open.firstVisitContext(options)` a profile with
 * nothing stored, as a first visit has.
 */
export function useBoardPages() {
  let browser;
  let server;
  before(async () => {
    browser = await launchChromium();
    server = await startServer({ root: DIST, base: BASE });
  });
  after(async () => {
    await server?.close();
    await browser?.close();
  });
  const open = async (query = "", { context } = {}) => {
    context ??= await returningPlayerContext(browser);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    const problems = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console error: ${m.text()}`);
    });
    await page.goto(server.url + (query ? `?${query}` : ""));
    await page.locator("svg.board").waitFor();
    return { context, page, problems };
  };
  open.newContext = (options) => returningPlayerContext(browser, options);
  open.firstVisitContext = (options) => browser.newContext(options);
  return open;
}

/** The moves in the move list, in notation. */
export const moveTexts = (page) =>
  page.locator('[data-testid="move-list"] [data-move]').evaluateAll((els) => els.map((e) => e.dataset.move));

/** Where player `n`'s pawn stands, in notation. */
export const pawnAt = (page, n) => page.locator(`[data-pawn="${n}"]`).getAttribute("data-at");

/** Resolves once the move list holds `n` moves. */
export async function waitForMoves(page, n) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('[data-testid="move-list"] [data-move]').length === n,
    n,
  );
}

/** Asserts that player 2's reply `reply` to 1. e2 stands on the board. */
export async function assertLegalReply(page, reply) {
  if (/^[a-i][1-9]$/.test(reply)) {
    assert.ok(["d9", "f9", "e8"].includes(reply), `pawn reply ${reply}`);
    assert.equal(await pawnAt(page, 2), reply);
  } else {
    assert.equal(await page.locator(`[data-wall="${reply}"]`).count(), 1, `wall reply ${reply}`);
  }
}

/**
 * An init script (for `context.addInitScript`) that records the duration of
 * every main-thread task over 50 ms (Chromium's long-task entries) in
 * `window.__longTasks`; a test empties that array where its watch begins.
 */
export function recordLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: "longtask", buffered: false });
}

/**
 * Playouts/s of one worker analysing 1. e2 e8 for 4 s in this suite's
 * Chromium on a healthy machine of this kind (134,431 and 137,367 in the
 * threads test's log of the last full suite before the engine-core
 * redesign; docs/experiments.md, "The page's main thread while the engine
 * works"): the speed the long-task limits (50 ms, 100 ms) are meant for.
 */
export const REFERENCE_ONE_WORKER_PER_SEC = 135_000;

let slowdown;

/** How many times slower than the reference a worker making `perSec` playouts/s runs (at least 1). */
export const slowdownAt = (perSec) => Math.max(1, REFERENCE_ONE_WORKER_PER_SEC / perSec);

/**
 * How many times slower than the reference machine this one runs the engine
 * in the page (at least 1): the reference playouts/s over one worker's,
 * measured once per test file by analysing 1. e2 e8 for 4 s. Long-task
 * limits are multiplied by it, since the same page work takes that much
 * longer on a slower machine; a task that grows on the same machine still
 * fails.
 */
export async function hostSlowdown(open) {
  if (slowdown === undefined) {
    const context = await open.newContext();
    const { page } = await open("v=1&p1=human&p2=human&moves=e2.e8&threads=1", { context });
    await page.locator('[data-testid="analysis-toggle"]').click();
    await page.waitForFunction(() => {
      const row = document.querySelector('[data-stat="elapsed"]');
      return row && Number(row.dataset.value) >= 4000;
    });
    const perSec = Number(await page.locator('[data-stat="playouts-per-sec"]').getAttribute("data-value"));
    await context.close();
    slowdown = slowdownAt(perSec);
    console.log(`one worker: ${perSec.toFixed(0)} playouts/s; long-task limits × ${slowdown.toFixed(2)}`);
  }
  return slowdown;
}

/**
 * Runs `scenario` while Chromium traces `page`, and resolves with the
 * renderer main thread's tasks that took over `limitMs`, in wall time or in
 * the thread's own CPU time: `[{ wall, cpu }]` in milliseconds.
 *
 * Wall time is what a user waits; CPU time is the page's own work. On these
 * 2-core machines a worker holds one core, and a task of 10 ms of CPU is
 * now and then stretched past 50 ms of wall time while it waits for the
 * other (docs/experiments.md, "The page's main thread while the engine
 * works"); its CPU time stays 10 ms. A test that must not flake on the
 * machine's scheduling asserts on `cpu`.
 */
export async function tracedMainThreadTasks(page, limitMs, scenario) {
  const browser = page.context().browser();
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
  let trace;
  try {
    await scenario();
  } finally {
    trace = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  }
  const mains = new Set(
    trace.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`),
  );
  return trace
    .filter((e) => e.name === "RunTask" && e.ph === "X" && mains.has(`${e.pid}:${e.tid}`))
    .map((e) => ({ wall: Math.round(e.dur / 1000), cpu: Math.round((e.tdur ?? e.dur) / 1000) }))
    .filter((t) => t.wall > limitMs || t.cpu > limitMs);
}

/**
 * Runs `scenario` under `tracedMainThreadTasks` and fails when a main-thread
 * task's own CPU time is over `limitMs` (the page's own long work); tasks
 * over the limit in wall time only are logged with their CPU time.
 */
export async function assertNoLongOwnTasks(page, scenario, limitMs = 50) {
  const long = await tracedMainThreadTasks(page, limitMs, scenario);
  if (long.length > 0) {
    console.log(`main-thread tasks over ${limitMs} ms: ${long.map((t) => `${t.wall} ms (CPU ${t.cpu} ms)`).join(", ")}`);
  }
  assert.deepEqual(
    long.filter((t) => t.cpu > limitMs),
    [],
    `main-thread tasks whose own CPU time is over ${limitMs} ms`,
  );
}

/** How many times a scenario watched for long tasks may run (see `withoutLongTasks`). */
export const LONG_TASK_TRIES = 3;

/**
 * Runs `scenario` until one run sees no main-thread task over its limit, at
 * most `tries` times; `scenario` returns what it saw over the limit (an empty
 * array when nothing), and any other failure in it ends the test at once.
 *
 * On these 2-core machines the engine's workers hold the cores, so a task of
 * a few milliseconds is now and then stretched past 50 ms while it waits for
 * a core (docs/experiments.md, "The page's main thread while the engine
 * works"); the same happens, as often, to the build before the engine-core
 * redesign on the same machine. The page's own long work shows on every run,
 * and fails the test.
 */
export async function withoutLongTasks(scenario, tries = LONG_TASK_TRIES) {
  const seen = [];
  for (let run = 1; run <= tries; run++) {
    const long = await scenario();
    if (long.length === 0) return;
    seen.push(`[${long.map((d) => (typeof d === "number" ? Math.round(d) : d)).join(", ")}]`);
    console.log(`over the limit on run ${run} of ${tries}: ${seen.at(-1)} ms`);
  }
  assert.fail(`main-thread tasks over the limit on all ${tries} runs: ${seen.join("; ")} ms`);
}

/** A fresh profile from `open` (see `useBoardPages`) that records long tasks. */
export async function watchedContext(open) {
  const context = await open.newContext();
  await context.addInitScript(recordLongTasks);
  return context;
}

/**
 * Clicks "Move now" while the engine answers 1. e2 and resolves with the
 * milliseconds until its reply (the second move) is in the move list.
 */
export function moveNowAnswerMs(page) {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const count = () => document.querySelectorAll('[data-testid="move-list"] [data-move]').length;
        const started = performance.now();
        const watch = new MutationObserver(() => {
          if (count() === 2) {
            watch.disconnect();
            resolve(performance.now() - started);
          }
        });
        watch.observe(document.body, { childList: true, subtree: true });
        document.querySelector('[data-testid="move-now"]').click();
      }),
  );
}

/**
 * Opens the search tree's root in the tree explorer and asserts its children
 * are listed most visited first; returns the explorer, the children's
 * locator and their visits.
 */
export async function openTreeRoot(page) {
  const tree = page.locator('[data-testid="tree"]');
  await tree.locator('[data-node="0"] > .tree-row .tree-toggle').click();
  const children = tree.locator('[data-node="0"] > ul > li[data-node]');
  await children.first().waitFor();
  const visits = await children.evaluateAll((els) => els.map((e) => Number(e.dataset.visits)));
  assert.ok(visits.length > 1, `root children: ${visits}`);
  assert.deepEqual(visits, [...visits].sort((a, b) => b - a), "most visited first");
  return { tree, children, visits };
}
