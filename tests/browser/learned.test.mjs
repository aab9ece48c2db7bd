// Browser tests of the learned evaluation in the page (issue 35, "In the
// page"): `eval=learned` chosen in Advanced travels with the share link, the
// analysis shows the network's own value of the position next to the
// search's, the engine still answers, the main thread stays free, and how
// long the workers take to load and read the network. Run as
//   QUORIDOR_DIST=dist QUORIDOR_PUBLIC_URL=/ node --test tests/browser/learned.test.mjs
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, assertLegalReply, assertNoLongOwnTasks, moveTexts, useBoardPages, waitForMoves } from "./harness.mjs";

const open = useBoardPages();

const NETWORK_ROW = '[data-testid="search-stats"] [data-stat="network-value"]';
const networkValue = async (page) => Number(await page.locator(NETWORK_ROW).getAttribute("data-value"));
/** Each engine worker's time to read the network (`quoridorNetworkReadMs`), once it has. */
const readTimes = (page) => Promise.all(page.workers().map((w) => w.evaluate(() => self.quoridorNetworkReadMs)));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * An init script: records in `window.__firstStatsAt` the page's clock
 * (milliseconds since navigation) when the search stats first show a
 * snapshot, and in `window.__firstNetworkAt` when the network's row first shows.
 */
function recordFirstSnapshot() {
  const look = () => {
    // One clock reading a look, so that a row that shows with the stats has
    // their time exactly: two readings differ by the query between them
    // (0.1 ms here, 1.5 ms once on a loaded CI machine).
    const now = performance.now();
    if (window.__firstStatsAt === undefined && document.querySelector('[data-testid="search-stats"] [data-stat="elapsed"]')) {
      window.__firstStatsAt = now;
    }
    if (window.__firstNetworkAt === undefined && document.querySelector('[data-stat="network-value"]')) {
      window.__firstNetworkAt = now;
    }
  };
  new MutationObserver(look).observe(document, { childList: true, subtree: true });
}

describe(`the learned evaluation in the page (${BASE})`, () => {
  test("eval=learned from Advanced: the analysis shows the network's value, the main thread stays free, the link keeps it", async () => {
    // Two workers: the page merges their snapshots, the network's value with them.
    const { context, page, problems } = await open("v=1&p1=human&p2=human&moves=e2.e8&threads=2");
    await page.locator('[data-testid="advanced"] .advanced-toggle').click();
    const select = page.locator('[data-engine="both"] select[name="eval"]');
    // The Default: each engine's strongest evaluation.
    assert.equal(await select.inputValue(), "auto");
    await select.selectOption("learned");
    // Each CPU-heavy task of the page's own, while the analysis starts, the
    // workers read the network and snapshots arrive and are shown.
    await assertNoLongOwnTasks(page, async () => {
      await page.locator('[data-testid="analysis-toggle"]').click();
      await page.locator(NETWORK_ROW).waitFor();
      await page.waitForTimeout(1500);
    });
    const value = await networkValue(page);
    assert.ok(value > 0 && value < 1, `network value ${value}`);
    const row = await page.locator(NETWORK_ROW).innerText();
    assert.match(row, /Network's value \(player 1 to move, no search\)/);
    assert.match(row, /\d+(\.\d+)?%/);
    // The search's own win chance is still there, beside it.
    assert.equal(await page.locator('[data-testid="search-stats"] [data-stat="win"]').count(), 1);
    const reads = await readTimes(page);
    console.log(`workers' first read of the network: ${reads.map((ms) => `${ms?.toFixed(1)} ms`).join(", ")}`);
    assert.equal(reads.length, 2, "two engine workers");
    assert.ok(reads.every((ms) => ms >= 0), `read times ${reads}`);
    await page.locator('[data-testid="analysis-toggle"]').click();
    await page.locator('[data-testid="analysis-toggle"][data-running="false"]').waitFor();

    await page.locator('[data-testid="share"]').click();
    const url = await page.locator('[data-testid="share-url"]').inputValue();
    assert.match(url, /[?&]eval=learned(&|$)/);
    const fresh = await open.newContext();
    const other = await fresh.newPage();
    await other.goto(url);
    await other.locator("svg.board").waitFor();
    assert.equal(await other.locator('select[name="eval"]').inputValue(), "learned");
    await fresh.close();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("with eval=learned the engine answers a move, and alpha-beta's analysis shows the network's value too", async () => {
    const { context, page, problems } = await open("v=1&p1=human&p2=engine&eval=learned&time_ms=500");
    await page.locator('[data-square="e2"]').click();
    await waitForMoves(page, 2);
    const [, reply] = await moveTexts(page);
    await assertLegalReply(page, reply);
    assert.deepEqual(problems, []);
    await context.close();

    const ab = await open("v=1&p1=human&p2=human&engine=alphabeta&eval=learned&moves=e2.e8.e3");
    await ab.page.locator('[data-testid="analysis-toggle"]').click();
    await ab.page.locator('[data-testid="search-stats"][data-engine="alphabeta"] [data-stat="network-value"]').waitFor();
    const value = await networkValue(ab.page);
    assert.ok(value > 0 && value < 1, `network value ${value}`);
    assert.match(await ab.page.locator(NETWORK_ROW).innerText(), /player 2 to move/);
    await ab.page.locator('[data-testid="analysis-toggle"]').click();
    assert.deepEqual(ab.problems, []);
    await ab.context.close();
  });

  test("the Default (eval=auto) scores with the network for UCT and for alpha-beta; classic shows no network row", async () => {
    // Each engine's own stats (UCT's count playouts; alpha-beta's are marked
    // data-engine), with the network's row.
    for (const [query, stat] of [
      ["v=1&p1=human&p2=human&moves=e2.e8", '[data-testid="search-stats"] [data-stat="playouts"]'],
      ["v=1&p1=human&p2=human&moves=e2.e8&engine=alphabeta", '[data-testid="search-stats"][data-engine="alphabeta"]'],
    ]) {
      const { context, page, problems } = await open(query);
      await page.locator('[data-testid="analysis-toggle"]').click();
      await page.locator(NETWORK_ROW).waitFor();
      assert.equal(await page.locator(stat).count(), 1, query);
      const value = await networkValue(page);
      assert.ok(value > 0 && value < 1, `${query}: network value ${value}`);
      await page.locator('[data-testid="analysis-toggle"]').click();
      assert.deepEqual(problems, []);
      await context.close();
    }

    for (const query of ["v=1&p1=human&p2=human&moves=e2.e8&eval=classic", "v=1&p1=human&p2=human&moves=e2.e8&engine=alphabeta&eval=classic"]) {
      const { context, page, problems } = await open(query);
      await page.locator('[data-testid="analysis-toggle"]').click();
      await page.locator('[data-testid="search-stats"] [data-stat="elapsed"]').waitFor();
      await page.waitForTimeout(500);
      assert.equal(await page.locator(NETWORK_ROW).count(), 0, query);
      await page.locator('[data-testid="analysis-toggle"]').click();
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test("load time: from navigation to the first snapshot, classic and learned, and the network's read", async () => {
    // Fresh profiles (nothing cached), alternating, three of each; the
    // engine moves first, so its search starts as the page loads.
    const runs = { classic: [], learned: [], read: [] };
    for (let round = 0; round < 3; round++) {
      for (const eval_ of ["classic", "learned"]) {
        const context = await open.newContext();
        await context.addInitScript(recordFirstSnapshot);
        const { page, problems } = await open(`v=1&p1=engine&p2=human&time_ms=5000&eval=${eval_}`, { context });
        await page.waitForFunction(() => window.__firstStatsAt !== undefined);
        if (eval_ === "learned") {
          await page.waitForFunction(() => window.__firstNetworkAt !== undefined);
          const [stats, network] = await page.evaluate(() => [window.__firstStatsAt, window.__firstNetworkAt]);
          // Seen by the same look: the row is in the first snapshot's render.
          assert.equal(network, stats, `the row comes with the first snapshot (${stats} → ${network} ms)`);
          runs.read.push(...(await readTimes(page)));
        } else {
          assert.equal(await page.locator('[data-stat="network-value"]').count(), 0);
        }
        runs[eval_].push(await page.evaluate(() => window.__firstStatsAt));
        assert.deepEqual(problems, []);
        await context.close();
      }
    }
    const show = (xs) => xs.map((ms) => ms.toFixed(1)).join(", ");
    console.log(`navigation → first snapshot, classic: ${show(runs.classic)} ms (median ${median(runs.classic).toFixed(0)})`);
    console.log(`navigation → first snapshot, learned: ${show(runs.learned)} ms (median ${median(runs.learned).toFixed(0)})`);
    console.log(`worker's first read of the network: ${show(runs.read)} ms (median ${median(runs.read).toFixed(2)})`);
    assert.ok(runs.read.every((ms) => ms >= 0));
  });
});
