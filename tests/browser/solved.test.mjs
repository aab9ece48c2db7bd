// Browser tests of perfect hints on small boards (issue 48): the worker
// solves a small variant, the analysis panel shows each candidate's exact
// value, the hint is a best move, the full-strength engine answers with a
// best move, and a 5x5 share link opens straight into a solved position.
// The expected values come from the native `quoridor solve` of the same
// position (QUORIDOR_BIN, else target/release or target/debug), never from
// what the page printed. Run by scripts/test.sh as
//   QUORIDOR_DIST=dist QUORIDOR_PUBLIC_URL=/ node --test tests/browser/
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { BASE, assertNoLongOwnTasks, moveTexts, useBoardPages, waitForMoves } from "./harness.mjs";

const open = useBoardPages();

const TARGET = process.env.CARGO_TARGET_DIR ?? "target";
const BIN = process.env.QUORIDOR_BIN ?? [`${TARGET}/release/quoridor`, `${TARGET}/debug/quoridor`].find((p) => existsSync(p));

/**
 * The native solver's answer for the position after `moves` on a board of
 * `size` with `walls` each: `value` ("player 2 wins in 8 plies"), each
 * move's value for the mover, and the best moves (those with the first,
 * best value).
 */
function solveNative(size, walls, moves) {
  assert.ok(BIN, "no native quoridor binary: build it (cargo build) or set QUORIDOR_BIN");
  const out = execFileSync(BIN, ["solve", "--size", String(size), "--walls", String(walls), ...moves], {
    encoding: "utf8",
  });
  const value = out.match(/^value: (.*)$/m)[1];
  const lines = out.split("\n");
  const from = lines.findIndex((l) => l.startsWith("moves ("));
  const values = new Map();
  for (const line of lines.slice(from + 1)) {
    const m = line.match(/^\s+(\S+)\s+(.+?)\s*$/);
    if (m) values.set(m[1], m[2]);
  }
  const first = [...values.values()][0];
  const best = [...values].filter(([, v]) => v === first).map(([mv]) => mv);
  return { value, values, best };
}

/** Waits for the solved section and returns its value and rows as the page shows them. */
async function shownExact(page) {
  const section = page.locator('[data-testid="exact-values"][data-state="solved"]');
  await section.waitFor();
  const turn = await section.getAttribute("data-turn");
  const value = await section.getAttribute("data-value");
  const rows = await page
    .locator("[data-exact-move]")
    .evaluateAll((els) => els.map((e) => [e.dataset.exactMove, e.dataset.exact]));
  return { value: `player ${turn} ${value}`, rows };
}

/** Asserts every row the page shows has the native solver's value for its move. */
function assertRowsMatch(rows, native) {
  assert.ok(rows.length > 0, "no candidate rows");
  for (const [mv, exact] of rows) {
    assert.equal(exact, native.values.get(mv), `${mv}: page says ${exact}, quoridor solve ${native.values.get(mv)}`);
  }
}

describe(`solved boards (${BASE})`, () => {
  test("3x3: the exact values of the start and of the analysis' candidates match quoridor solve, the hint is a best move", async () => {
    const { context, page, problems } = await open("v=1&size=3&walls=1&p1=human&p2=human");
    const native = solveNative(3, 1, []);
    let shown = await shownExact(page);
    assert.equal(shown.value, native.value);
    assertRowsMatch(shown.rows, native);
    assert.match(await page.locator('[data-testid="exact-outcome"]').innerText(), /Solved: player 2 wins in \d+ plies with best play/);
    // The analysis' candidates get their exact values beside the search's numbers.
    await page.locator('[data-testid="analysis-toggle"]').click();
    await page.locator(".exact-row .exact-search").first().waitFor();
    shown = await shownExact(page);
    assertRowsMatch(shown.rows, native);
    await page.locator('[data-testid="analysis-toggle"]').click();
    // The hint is a best move by the table.
    await page.locator('[data-testid="hint"]').click();
    const mark = page.locator("svg.board [data-hint]");
    await mark.waitFor();
    const hint = await mark.getAttribute("data-hint");
    assert.ok(native.best.includes(hint), `hint ${hint} is not among the best moves ${native.best}`);
    const exact = await page.locator('[data-testid="hint-exact"]').getAttribute("data-exact");
    assert.equal(exact, native.values.get(hint));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("3x3: the full-strength engine answers with a best move", async () => {
    // After b2 player 2 wins at once by jumping to b1; a3 and c3 lose.
    const { context, page, problems } = await open("v=1&size=3&walls=0&p1=human&p2=engine&moves=b2");
    const native = solveNative(3, 0, ["b2"]);
    await waitForMoves(page, 2);
    const reply = (await moveTexts(page))[1];
    assert.ok(native.best.includes(reply), `engine played ${reply}, best are ${native.best}`);
    // The line under the board names the table, not a search that did not run.
    const summary = page.locator('[data-testid="engine-summary"]');
    assert.equal(await summary.getAttribute("data-source"), "table");
    assert.match(await summary.innerText(), new RegExp(`Engine: ${reply} by perfect play`));
    assert.doesNotMatch(await summary.innerText(), /playouts/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("5x5 with 1 wall each: a share link opens straight into a solved position; values, hint and the engine's answer are perfect", async () => {
    const moves = ["c2", "c4", "b3h"];
    const { context, page, problems } = await open(`v=1&size=5&walls=1&p1=engine&p2=human&moves=${moves.join(".")}`);
    const native = solveNative(5, 1, moves);
    const shown = await shownExact(page);
    assert.equal(shown.value, native.value);
    assertRowsMatch(shown.rows, native);
    assert.match(
      await page.locator('[data-testid="exact-engine"]').innerText(),
      /plays perfectly here \(solved board\)/,
    );
    assert.match(await page.locator('[data-testid="level-label"]').innerText(), /perfect play \(solved board\)/);
    // Player 2 (a human) to move: the hint is a best move.
    await page.locator('[data-testid="hint"]').click();
    const mark = page.locator("svg.board [data-hint]");
    await mark.waitFor();
    const hint = await mark.getAttribute("data-hint");
    assert.ok(native.best.includes(hint), `hint ${hint} is not among the best moves ${native.best}`);
    // Play the hint; the engine (player 1) answers with a best move.
    await page.locator('input[name="move"]').fill(hint);
    await page.locator('input[name="move"]').press("Enter");
    await waitForMoves(page, moves.length + 2);
    const reply = (await moveTexts(page))[moves.length + 1];
    const after = solveNative(5, 1, [...moves, hint]);
    assert.ok(after.best.includes(reply), `engine played ${reply}, best are ${after.best}`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("levels 1-9 keep their character on a solved board, and say so", async () => {
    const { context, page, problems } = await open("v=1&size=3&walls=2&level=5&p1=human&p2=engine");
    await page.locator('[data-testid="exact-values"][data-state="solved"]').waitFor();
    assert.match(await page.locator('[data-testid="exact-engine"]').innerText(), /Level 5 keeps its own play here/);
    assert.equal(await page.locator('[data-testid="perfect-play"]').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the new-game dialog starts 4x4 and 5x5 games; the solve runs in the worker, the page never blocks", async () => {
    const { context, page, problems } = await open("v=1&p1=human&p2=human");
    // 4x4 with the most walls the dialog offers there, 9 each (as many as
    // fit: the largest solve in the page's budget), then 5x5 with one.
    for (const [size, walls] of [
      ["4", "9"],
      ["5", "1"],
    ]) {
      await assertNoLongOwnTasks(page, async () => {
        await page.locator('[data-testid="new-game-button"]').click();
        await page.locator('select[name="board_size"]').selectOption(size);
        await page.locator('select[name="walls"]').selectOption(walls);
        await page.locator('select[name="mode"]').selectOption("humans");
        await page.locator('[data-testid="start"]').click();
        await page.locator('[data-testid="exact-values"][data-state="solved"]').waitFor({ timeout: 60_000 });
      });
      const native = solveNative(Number(size), Number(walls), []);
      const shown = await shownExact(page);
      assert.equal(shown.value, native.value, `${size}x${size}, ${walls} walls each`);
      assertRowsMatch(shown.rows, native);
      const time = await page.locator(".exact-time").innerText();
      console.log(`${size}x${size}, ${walls} walls each: ${native.value};${time}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a review on a solved board judges each move by the table", async () => {
    // 3x3 without walls: b2 hastens player 1's loss; a3 throws player 2's
    // win in 1 away (player 1 steps to b3 and wins).
    const { context, page, problems } = await open("v=1&size=3&walls=0&p1=human&p2=human&moves=b2.a3.b3");
    const [first, second] = [solveNative(3, 0, []), solveNative(3, 0, ["b2"])];
    assert.equal(second.values.get("a3"), "loses in 2 plies");
    await page.locator('[data-testid="review"]').click();
    const blunder = page.locator('[data-testid="exact-review"] .exact-verdict[data-move="a3"]');
    await blunder.waitFor();
    assert.equal(await blunder.getAttribute("data-kind"), "blunder");
    assert.match(await blunder.innerText(), /a3\?\? — was winning in 1, now loses in 2/);
    // b2 keeps the (lost) value: no error.
    assert.ok(first.values.get("b2").startsWith("loses"));
    assert.equal(await page.locator('[data-testid="exact-review"] .exact-verdict[data-move="b2"]').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a finished game on a solved board says it is over: no empty table, no search awaited", async () => {
    // Issue 62: after a 3×3 game ended, an empty "Move / Exact" table and
    // "The engine has not searched yet" showed. 3×3 without walls: player 2
    // jumps over player 1 onto b1 and has won.
    const { context, page, problems } = await open("v=1&size=3&walls=0&moves=b2.b1&p1=human&p2=human");
    const outcome = page.locator('[data-testid="exact-outcome"]');
    await outcome.waitFor();
    assert.match(await outcome.innerText(), /Solved: player 2 has won/);
    assert.equal(await page.locator(".exact-table").count(), 0);
    assert.equal(await page.locator(".search-stats-empty").innerText(), "The game is over: no position left to search.");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a review on a solved board: the sentence counts what its table counts", async () => {
    // Issue 62: on solved 3×3 the review said "12 of 12 moves kept the value
    // (12 best…)" while its own table showed 5 best + 1 decided per player.
    const { context, page, problems } = await open("v=1&size=3&walls=1&moves=a1.c3.a2.c2.a3&p1=human&p2=human");
    await page.locator('[data-testid="review"]').click();
    const sentence = page.locator('[data-testid="exact-review"] p');
    await sentence.waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="review-summary"]').waitFor();
    const text = await sentence.innerText();
    const said = text.match(/^Solved board: (\d+) of (\d+) moves kept the value \((\d+) best by perfect play(?:, (\d+) good)?(?:, (\d+) decided)?\)\.$/);
    assert.ok(said, text);
    const row = async (name) => {
      const cells = await page.locator(`[data-testid="review-summary"] tr[data-judgement-row="${name}"] td`).allInnerTexts();
      return cells.reduce((sum, c) => sum + Number(c), 0);
    };
    const counts = {};
    for (const name of ["best", "good", "inaccuracy", "mistake", "blunder", "decided"]) counts[name] = await row(name);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    const errors = counts.inaccuracy + counts.mistake + counts.blunder;
    assert.equal(total, 5, JSON.stringify(counts));
    assert.deepEqual(
      [Number(said[1]), Number(said[2]), Number(said[3]), Number(said[4] ?? 0), Number(said[5] ?? 0)],
      [total - errors, total, counts.best, counts.good, counts.decided],
      `${text} against ${JSON.stringify(counts)}`,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a person lost against perfect play from the first move is told so", async () => {
    // Issue 62: moving first against level 10 on 3×3 lost in 2 plies
    // without a word. 3×3 without walls: player 1 loses in 4 with best play.
    const { context, page, problems } = await open("v=1&size=3&walls=0&level=10&p1=human&p2=engine");
    const lost = page.locator('[data-testid="perfect-lost"]');
    await lost.waitFor();
    assert.match(await lost.innerText(), /^Solved board: player 2 wins in 4 plies with best play\. Against perfect play/);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
