// Browser tests of the coach (issue 15's "Must show" list): a hint on a fresh
// game, a review of a thrown game, and play staying responsive while a
// review runs. Run by scripts/test.sh as
//   QUORIDOR_DIST=dist QUORIDOR_PUBLIC_URL=/ node --test tests/browser/
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, assertNoLongOwnTasks, moveTexts, useBoardPages } from "./harness.mjs";

const open = useBoardPages();

/** Player 1 stands on d8 and plays a wall instead of winning with d9; player 2 then wins. */
const THROWN = "d1 f9 d2 f8 d3 f7 d4 f6 d5 f5 d6 f4 d7 f3 d8 f2 a1h f1";
const link = (record, extra = "") => `v=1&p1=human&p2=human&moves=${record.split(" ").join(".")}${extra}`;
/** A 61-move game the engine played against itself at 0.1 s a move
 * (`quoridor arena --games 1 --time-ms 100 --b preset=default`). */
const SIXTY =
  "e2 e8 e3 e7 e4 e6 e3h e6h c3h c6h e5 g6h f6 f5v a3h a6h g3h g4h e5v c5v g5h h8h f5 e5 f4 e4 g4 f4 h4 g4 i4 f8h i5 d8h f1h h4 i6 i4 i7 i3 h7 h3 g7 g3 f7 h3 h1h i3 b1h i4 d1h i5 e7 i6 d7 i7 d8 h7 c8 i7 c9";

const judgements = (page) =>
  page
    .locator('[data-testid="move-list"] [data-move]')
    .evaluateAll((els) => els.map((e) => [e.dataset.move, e.dataset.judgement ?? null, e.dataset.better ?? null]));

describe(`coach (${BASE})`, () => {
  test("a hint on a fresh game is a legal move, shown on the board and counted", async () => {
    const { context, page, problems } = await open("v=1&p1=human&p2=engine&time_ms=300");
    await page.locator('[data-testid="hint"]').click();
    const mark = page.locator("svg.board [data-hint]");
    await mark.waitFor();
    const hint = await mark.getAttribute("data-hint");
    // From the start: the three pawn steps, or any of the 128 walls.
    assert.match(hint, /^(d1|f1|e2|[a-h][1-8][hv])$/);
    assert.deepEqual(await moveTexts(page), [], "a hint is not played");
    assert.match(await page.locator('[data-testid="hint-text"]').innerText(), new RegExp(`Hint: ${hint}`));
    // Hovering the hint's text draws its line from the hinted move on.
    await page.locator('[data-testid="hint-text"]').hover();
    await page.locator(`svg.board [data-hint] .pv-ghost[data-pv-step='1'][data-move='${hint}']`).waitFor();
    // The hints used travel with the game's link.
    await page.locator('[data-testid="share"]').click();
    assert.match(await page.locator('[data-testid="share-url"]').inputValue(), /&hints=1&/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a review of the thrown game judges every move and calls a1h a blunder with d9 better", async () => {
    const { context, page, problems } = await open(link(THROWN));
    await page.locator('[data-testid="review"]').click();
    await page.locator('[data-testid="review-progress"]').waitFor();
    const summary = page.locator('[data-testid="review-summary"]');
    await summary.waitFor({ timeout: 60_000 });
    const judged = await judgements(page);
    assert.equal(judged.length, 18);
    for (const [mv, judgement] of judged) {
      assert.match(judgement ?? "", /^(best|good|inaccuracy|mistake|blunder)$/, `${mv} judged`);
    }
    assert.deepEqual(judged[16], ["a1h", "blunder", "d9"]);
    assert.equal(judged[17][1], "best", "the winning last move");
    for (const player of ["1", "2"]) {
      const accuracy = Number(await summary.getAttribute(`data-accuracy-${player}`));
      assert.ok(accuracy >= 0 && accuracy <= 100, `player ${player}: ${accuracy}`);
    }
    assert.ok(Number(await summary.getAttribute("data-accuracy-1")) < 100, "a blunder costs accuracy");
    assert.match(await page.locator('[data-testid="move-list"] [data-ply="17"]').innerText(), /a1h\?\?/);
    // The win graph covers every position, with the blunder marked.
    assert.equal(await page.locator('.coach [data-testid="win-graph"] .win-point').count(), 19);
    await page.locator('.coach .win-mark.blunder[data-ply="17"]').waitFor();
    // The annotated record names the better move and reads back as the game.
    const annotated = await page.locator('[data-testid="annotated-record"]').inputValue();
    assert.match(annotated, / a1h\?\? \{better: d9, win \d+% → \d+%\} f1 0-1$/);
    // Clicking the error shows the position before it with d9 as a ghost.
    await page.locator(".review-error.blunder button", { hasText: "a1h" }).click();
    await page.locator('svg.board [data-testid="better-ghost"][data-better="d9"]').waitFor();
    assert.equal(await page.locator('[data-testid="move-list"] .move.shown').getAttribute("data-ply"), "16");
    // Kept with the game: a reload shows the review without searching again.
    await page.reload();
    await page.locator('[data-testid="review-summary"]').waitFor();
    assert.deepEqual((await judgements(page))[16], ["a1h", "blunder", "d9"]);
    assert.equal(await page.locator('[data-testid="review-progress"]').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("play stays responsive while a review runs: no main-thread task over 50 ms", async () => {
    // The review worker holds one of this machine's two cores; the browser
    // and this driver share the other, so a task of 10 ms is now and then
    // stretched past 50 ms of wall time by waiting for the core (docs/
    // experiments.md, "The page's main thread while the engine works"). The
    // page's own work is the task's CPU time on the main thread, from a trace:
    // that is what must stay under 50 ms. Wall times over 50 ms are logged.
    // Sixteen plies of shuffling first (e2 e8 e1 e9, four times) make the
    // review some 25 positions × 250 ms long: it outlasts the three moves
    // and the pause below even when a loaded machine slows the driver.
    const shuffle = Array(4).fill("e2 e8 e1 e9").join(" ");
    const { context, page, problems } = await open(link(`${shuffle} e2 e8 e3 e7 e4 e6 d4h c6h f4v`));
    await assertNoLongOwnTasks(page, async () => {
      await page.locator('[data-testid="review"]').click();
      await page.locator('[data-testid="review-progress"]').waitFor();
      const input = page.locator(".move-input input");
      for (const mv of ["d6", "a1h", "d5"]) {
        const before = Date.now();
        await input.fill(mv);
        await input.press("Enter");
        await page.locator(`[data-testid="move-list"] [data-move="${mv}"]`).waitFor();
        const took = Date.now() - before;
        assert.ok(took < 1000, `${mv} took ${took} ms`);
      }
      await page.waitForTimeout(1500);
    });
    assert.equal(await page.locator('[data-testid="review-progress"]').count(), 1, "still reviewing");
    // Cancel stops it and keeps what was judged.
    await page.locator('[data-testid="review-cancel"]').click();
    assert.equal(await page.locator('[data-testid="review-progress"]').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a 60-move game reviews in well under a minute", async () => {
    const { context, page, problems } = await open(link(SIXTY));
    const started = Date.now();
    await page.locator('[data-testid="review"]').click();
    await page.locator('[data-testid="review-summary"]').waitFor({ timeout: 120_000 });
    const seconds = (Date.now() - started) / 1000;
    const summary = page.locator('[data-testid="review-summary"]');
    console.log(
      `review of ${SIXTY.split(" ").length} moves: ${seconds.toFixed(1)} s; accuracy ` +
        `${await summary.getAttribute("data-accuracy-1")} / ${await summary.getAttribute("data-accuracy-2")}`,
    );
    assert.ok(seconds < 45, `${seconds} s`);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
