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

/** Whether a line played after `e2 e8` moves a pawn away from its goal: a
 * pawn step after which its own shortest path (past the walls then on the
 * board) is longer than before. A step back that is the way round a wall
 * shortens the path, and is not walking backwards. */
function walksBackwards(line) {
  const blocked = new Set();
  const edge = (f1, r1, f2, r2) => [`${f1},${r1}`, `${f2},${r2}`].sort().join("|");
  const distance = ([f, r], goal) => {
    const seen = new Set([`${f},${r}`]);
    let frontier = [[f, r]];
    for (let d = 0; frontier.length > 0; d++) {
      if (frontier.some(([, rank]) => rank === goal)) return d;
      const next = [];
      for (const [x, y] of frontier) {
        for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]]) {
          const key = `${nx},${ny}`;
          if (nx < 0 || nx > 8 || ny < 1 || ny > 9 || seen.has(key) || blocked.has(edge(x, y, nx, ny))) continue;
          seen.add(key);
          next.push([nx, ny]);
        }
      }
      frontier = next;
    }
    return Infinity;
  };
  const pawns = { 1: [4, 2], 2: [4, 8] };
  const goal = { 1: 9, 2: 1 };
  let mover = 1;
  for (const mv of line) {
    const f = mv.charCodeAt(0) - 97;
    const r = Number(mv.slice(1, 2));
    if (mv.length === 2) {
      const before = distance(pawns[mover], goal[mover]);
      pawns[mover] = [f, r];
      if (distance(pawns[mover], goal[mover]) > before) return true;
    } else if (mv[2] === "h") {
      blocked.add(edge(f, r, f, r + 1)).add(edge(f + 1, r, f + 1, r + 1));
    } else {
      blocked.add(edge(f, r, f + 1, r)).add(edge(f, r + 1, f + 1, r + 1));
    }
    mover = 3 - mover;
  }
  return false;
}

test("walksBackwards measures a step by its path, not its rank", () => {
  assert.equal(walksBackwards(["e3", "e7"]), false);
  assert.equal(walksBackwards(["e3", "e9"]), true, "player 2 steps back from e8");
  assert.equal(walksBackwards(["d2"]), false, "sideways: the same distance");
  assert.equal(walksBackwards(["e1"]), true);
  // d7h, d8v and e7v shut player 2's e8 in on three sides: its way out is
  // e9 then f9, so e9 is a step along its shortest path, not backwards.
  assert.equal(walksBackwards(["d7h", "a1h", "d8v", "h1h", "e7v", "e9"]), false);
});

/** The board's labels (every SVG text) that intersect another, as pairs of texts. */
const overlappingLabels = (page) =>
  page.locator("svg.board text").evaluateAll((texts) => {
    const boxes = texts
      .map((t) => ({ text: `${t.getAttribute("class")}:${t.textContent}`, r: t.getBoundingClientRect() }))
      .filter((b) => b.r.width > 0 && b.r.height > 0);
    const pairs = [];
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i].r, boxes[j].r];
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
          pairs.push([boxes[i].text, boxes[j].text]);
        }
      }
    }
    return { count: boxes.length, pairs };
  });

/** Starts the analysis of the shown position with `top` candidates and waits for them. */
async function analyse(page, top = 16) {
  await page.locator('input[name="candidates"]').fill(String(top));
  await page.locator('[data-testid="analysis-toggle"]').click();
  await page.locator('[data-testid="analysis-toggle"][data-running="true"]').waitFor();
  await page.locator("svg.board [data-candidate]").first().waitFor();
}

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
    // An error whose better move starts a longer line: the board shows that
    // move alone (one ghost, as lichess draws one arrow), the list the line
    // as text (issue 62: a 19-ply line of numbered ghosts covered the walls).
    const withLine = page.locator(".review-error", { has: page.locator('[data-testid="review-line"]') }).first();
    const line = (await withLine.locator('[data-testid="review-line"]').innerText()).split(" ");
    assert.ok(line.length >= 2, `a line: ${line}`);
    await withLine.locator("button").click();
    const better = page.locator(`svg.board [data-testid="better-ghost"][data-better="${line[0]}"]`);
    await better.waitFor();
    assert.equal(await better.locator(".pv-ghost").count(), 1);
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

  for (const [name, options] of [
    ["desktop", { viewport: { width: 1366, height: 860 } }],
    ["phone", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
  ]) {
    test(`the review's summary fits its card and the screen (${name})`, async () => {
      // Issue 62: on a phone the summary table was 527 px wide and made the
      // page 545 px wide on a 390 px screen; on a desktop it spilled past the
      // coach's card.
      const { context, page, problems } = await open(link(THROWN), { context: await open.newContext(options) });
      await page.locator('[data-testid="review"]').click();
      const summary = page.locator('[data-testid="review-summary"]');
      await summary.waitFor({ timeout: 60_000 });
      const fit = await page.evaluate(() => {
        const table = document.querySelector('[data-testid="review-summary"] table').getBoundingClientRect();
        const card = document.querySelector('[data-testid="review-summary"]').closest(".coach").getBoundingClientRect();
        return {
          page: document.documentElement.scrollWidth,
          screen: window.innerWidth,
          tableRight: table.right,
          cardRight: card.right,
        };
      });
      assert.ok(fit.page <= fit.screen, `the page is ${fit.page} px wide on a ${fit.screen} px screen`);
      assert.ok(fit.tableRight <= fit.cardRight + 0.5, `the table ends at ${fit.tableRight}, its card at ${fit.cardRight}`);
      // A column per player, a row per measure.
      assert.deepEqual(await summary.locator("thead th").allInnerTexts(), ["", "player 1", "player 2"]);
      assert.equal(await summary.locator('tr[data-judgement-row="blunder"] td').count(), 2);
      await page.screenshot({ path: `${process.env.QUORIDOR_SHOTS ?? "/tmp"}/review-summary-${name}.png` });
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

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
      // Each move is played while the review runs (its wait is a hang
      // guard); the trace above holds the main thread's own work.
      for (const mv of ["d6", "a1h", "d5"]) {
        await input.fill(mv);
        await input.press("Enter");
        await page.locator(`[data-testid="move-list"] [data-move="${mv}"]`).waitFor();
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

  test("after e2 e8 with the analysis running, Hint is the analysis' move and no line walks backwards", async () => {
    const { context, page, problems } = await open(link("e2 e8"));
    await analyse(page, 8);
    await page.waitForTimeout(1500);
    await page.locator('[data-testid="hint"]').click();
    const text = page.locator('[data-testid="hint-text"]');
    await text.waitFor();
    assert.equal(await text.getAttribute("data-source"), "analysis");
    assert.match(await text.innerText(), /from the analysis, [\d.]+( k| M)? playouts/);
    // The hint is the analysis' own best move (the hint follows it), shown as a
    // ring on that candidate rather than a second label.
    await page.waitForFunction(() => {
      const best = document.querySelector("svg.board .candidate.best");
      const hint = document.querySelector("svg.board [data-hint]");
      return best && hint && best.dataset.candidate === hint.dataset.hint;
    });
    assert.equal(await page.locator("svg.board [data-hint].hint-ringed").count(), 1);
    const line = (await text.getAttribute("data-line")).split(" ");
    assert.ok(!walksBackwards(line), `line ${line.join(" ")}`);
    assert.equal(await page.locator('[data-testid="hint-disagreement"]').count(), 0);
    // Asked again in the same position: the same hint, no search.
    await page.locator('[data-testid="hint"]').click();
    assert.equal(await page.locator('[data-testid="hint"]').innerText(), "Hint");
    assert.deepEqual(await moveTexts(page), ["e2", "e8"], "a hint is not played");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the hint's own search after e2 e8 shows a line without pawns walking backwards", async () => {
    // Three searches (the wandering line came from one 1 s hint); a
    // reload forgets the hint kept for the position, so each one searches.
    const { context, page, problems } = await open(link("e2 e8"));
    for (let i = 0; i < 3; i++) {
      if (i > 0) {
        await page.reload();
        await page.locator("svg.board").waitFor();
      }
      await page.locator('[data-testid="hint"]').click();
      const text = page.locator('[data-testid="hint-text"]');
      await text.waitFor();
      assert.equal(await text.getAttribute("data-source"), "search");
      assert.match(await text.innerText(), /searched [\d.]+( k| M)? playouts/);
      const line = (await text.getAttribute("data-line")).split(" ");
      console.log(`hint ${i + 1}: ${await text.innerText()}`);
      assert.ok(!walksBackwards(line), `line ${line.join(" ")}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  for (const [name, options] of [
    ["desktop", { viewport: { width: 1366, height: 860 } }],
    ["phone", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
  ]) {
    test(`no two labels on the board intersect with the analysis and a hint shown (${name})`, async () => {
      const { context, page, problems } = await open(link("e2 e8 e3 e7 d3h"), {
        context: await open.newContext(options),
      });
      // The hint's own search first, then the analysis, so that the two may
      // differ and the hint be drawn as its own numbered ghost.
      await page.locator('[data-testid="hint"]').click();
      await page.locator('[data-testid="hint-text"]').waitFor();
      await analyse(page, 16);
      await page.waitForTimeout(1500);
      await page.locator("svg.board [data-hint]").waitFor();
      const shown = await overlappingLabels(page);
      assert.ok(shown.count >= 16, `${shown.count} labels`);
      assert.deepEqual(shown.pairs, [], "overlapping labels");
      // The hint's line drawn too (its text hovered).
      await page.locator('[data-testid="hint-text"]').hover();
      await page.locator("svg.board [data-hint] .pv-ghost").first().waitFor();
      assert.deepEqual((await overlappingLabels(page)).pairs, [], "overlapping labels with the hint's line");
      await page.locator("svg.board").screenshot({ path: `${process.env.QUORIDOR_SHOTS ?? "/tmp"}/coach-labels-${name}.png` });
      // Turned half round, each label turns back in its own place: still apart.
      await page.locator('[data-testid="board-flip"]').click();
      await page.locator("svg.board.flipped").waitFor();
      assert.deepEqual((await overlappingLabels(page)).pairs, [], "overlapping labels on the flipped board");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  for (const [name, options] of [
    ["desktop", { viewport: { width: 1366, height: 860 } }],
    ["phone", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
  ]) {
    test(`no two labels on the board intersect with the analysis and the policy overlay shown (${name})`, async (t) => {
      // Walls' labels crowd the grooves of row 3: with network 9 five moves
      // have a prior of 5% or more here (d3h, e3h, c3h, f3h, d4), so some
      // keep their numbers beside the analysis's labels.
      const { context, page, problems } = await open(link("e2 e8 e3 e7 e4 e6 d6h e4h"), {
        context: await open.newContext(options),
      });
      await page.locator('[data-testid="policy-toggle"]').click();
      const legend = page.locator('[data-testid="policy-legend"]');
      await page.waitForFunction(() => {
        const legend = document.querySelector('[data-testid="policy-legend"]');
        return legend && (legend.dataset.top || /no policy head/.test(legend.textContent));
      });
      if (!(await legend.getAttribute("data-top"))) {
        t.skip("the network built in has no policy head");
        await context.close();
        return;
      }
      await analyse(page, 16);
      await page.waitForTimeout(1500);
      const policyLabels = page.locator('svg.board [data-testid="policy-labels"] .policy-label');
      const shown = await overlappingLabels(page);
      assert.ok(shown.count >= 16, `${shown.count} labels`);
      assert.deepEqual(shown.pairs, [], "overlapping labels");
      assert.ok((await policyLabels.count()) > 0, "the policy still labels moves");
      // The best line drawn too: its numbers keep clear of every label.
      await page.locator('input[name="show_pv"]').check();
      await page.locator("svg.board .pv-ghosts .pv-ghost-number").first().waitFor();
      assert.deepEqual((await overlappingLabels(page)).pairs, [], "overlapping labels with the best line");
      await page.locator("svg.board").screenshot({ path: `${process.env.QUORIDOR_SHOTS ?? "/tmp"}/coach-policy-labels-${name}.png` });
      await page.locator('[data-testid="board-flip"]').click();
      await page.locator("svg.board.flipped").waitFor();
      assert.deepEqual((await overlappingLabels(page)).pairs, [], "overlapping labels on the flipped board");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("a finished game takes a hint in a position viewed back, on either side's turn", async () => {
    // Against the engine: the position viewed back is the engine's turn.
    const { context, page, problems } = await open(`v=1&p1=human&p2=engine&moves=${THROWN.split(" ").join(".")}`);
    const hint = page.locator('[data-testid="hint"]');
    assert.equal(await hint.isDisabled(), true, "the final position is won");
    // The position before the winning f1: player 2 to move.
    await page.locator('[data-testid="move-list"] [data-ply="17"] button').click();
    await page.locator('[data-testid="move-list"] .move.shown[data-ply="17"]').waitFor();
    assert.equal(await hint.isDisabled(), false);
    await hint.click();
    await page.locator('svg.board [data-hint="f1"]').waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a resigned game's last position takes a hint", async () => {
    // Player 1 (the human, to move after e2 e8) resigned; the position goes on by the rules.
    const { context, page, problems } = await open("v=1&p1=human&p2=engine&moves=e2.e8&resigned=1");
    const hint = page.locator('[data-testid="hint"]');
    assert.equal(await hint.isDisabled(), false);
    await hint.click();
    const mark = page.locator("svg.board [data-hint]");
    await mark.waitFor();
    assert.match(await page.locator('[data-testid="hint-text"]').innerText(), new RegExp(`Hint: ${await mark.getAttribute("data-hint")}`));
    assert.deepEqual(await moveTexts(page), ["e2", "e8"], "a hint is not played");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
