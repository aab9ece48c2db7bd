// Browser tests of playing the game (issue 4's "Must show" list) against a
// build in headless Chromium. Run by scripts/test.sh as
//   QUORIDOR_DIST=dist QUORIDOR_PUBLIC_URL=/ node --test tests/browser/
// Links set short engine times where a test does not need the 2 s default.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import {
  BASE,
  moveTexts,
  pawnAt,
  recordLongTasks,
  useBoardPages,
  waitForMoves,
  hostSlowdown,
  withoutLongTasks,
} from "./harness.mjs";

const HUMANS = "v=1&p1=human&p2=human";
const open = useBoardPages();

const moves = (page) => page.locator('[data-testid="move-list"] [data-move]');
const status = (page) => page.locator('[data-testid="status"]').innerText();
const notice = (page) => page.locator('[data-testid="notice"]');

describe(`playing the game (${BASE})`, () => {
  test("first visit: 81 squares, 2 pawns, against level 5; e2 moves pawn 1; the engine replies", async () => {
    const { context, page, problems } = await open();
    assert.equal(await page.locator("[data-square]").count(), 81);
    assert.equal(await page.locator('[data-testid="level-label"]').innerText(), "Engine: Level 5 · Tactician");
    assert.equal(await page.locator("[data-pawn]").count(), 2);
    assert.equal(await pawnAt(page, 1), "e1");
    assert.equal(await pawnAt(page, 2), "e9");
    assert.match(await status(page), /player 1 \(you\) to move/i);
    await page.locator('[data-square="e2"]').click();
    assert.equal(await pawnAt(page, 1), "e2");
    // Level 5 searches 1,000 playouts: its reply may come before a look at
    // the thinking line (the long thinks are watched below). How long it
    // thinks is the engine's limits, tested without a clock in Rust.
    await waitForMoves(page, 2);
    assert.equal(await page.locator('[data-testid="thinking"]').count(), 0);
    assert.match(await status(page), /player 1 \(you\) to move/i);
    // The reply is a legal move: either pawn 2 moved one step or a wall stands.
    const [, reply] = await moveTexts(page);
    if (/^[a-i][1-9]$/.test(reply)) {
      assert.equal(await pawnAt(page, 2), reply);
      assert.ok(["d9", "f9", "e8"].includes(reply), `pawn reply ${reply}`);
    } else {
      assert.equal(await page.locator(`[data-wall="${reply}"]`).count(), 1);
    }
    assert.ok(
      Number(await page.locator('[data-testid="engine-summary"]').getAttribute("data-playouts-per-sec")) > 0,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a wall is placed from its groove; an illegal wall is refused with the reason", async () => {
    const { context, page, problems } = await open(HUMANS);
    await page.locator('[data-wall-slot="e3h"]').click();
    await page.locator('[data-wall="e3h"]').waitFor();
    assert.deepEqual(await moveTexts(page), ["e3h"]);
    // The mouse left where the wall went: no red ghost of the wall itself,
    // no "e3h overlaps e3h" (issue 62), until it moves to another groove.
    assert.equal(await page.locator(".wall-ghost").count(), 0);
    assert.equal(await page.locator(".wall-ghost-reason").innerText(), "");
    await page.locator('[data-wall-slot="f3h"]').hover();
    assert.match(await page.locator(".wall-ghost-reason").innerText(), /f3h.*overlaps e3h/);
    await page.locator('[data-wall-slot="f3h"]').click();
    assert.match(await notice(page).innerText(), /f3h.*overlaps e3h/);
    await page.locator('[data-wall-slot="e3v"]').click();
    assert.match(await notice(page).innerText(), /crosses e3h/);
    assert.deepEqual(await moveTexts(page), ["e3h"]);
    assert.equal(await page.locator("[data-wall]").count(), 1);
    // Walls can also be typed, and turned with the toggle.
    await page.locator('input[name="move"]').fill("a1v");
    await page.locator('input[name="move"]').press("Enter");
    await page.locator('[data-wall="a1v"]').waitFor();
    await page.locator('[data-testid="wall-flip"]').click();
    await page.locator('[data-wall-slot="c5h"]').click();
    await page.locator('[data-wall="c5v"]').waitFor();
    // Each wall is drawn in its placer's colour: moves 1 and 3 are player 1's.
    const owners = await page
      .locator("[data-wall]")
      .evaluateAll((els) => Object.fromEntries(els.map((e) => [e.dataset.wall, e.dataset.owner])));
    assert.deepEqual(owners, { e3h: "1", a1v: "2", c5v: "1" });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("undo and redo restore positions; against the engine undo takes back its reply too", async () => {
    const { context, page } = await open(`${HUMANS}&moves=e2.e8.e3`);
    assert.equal(await pawnAt(page, 1), "e3");
    await page.locator('[data-testid="undo"]').click();
    await waitForMoves(page, 2);
    assert.equal(await pawnAt(page, 1), "e2");
    await page.locator('[data-testid="undo"]').click();
    await waitForMoves(page, 1);
    assert.equal(await pawnAt(page, 2), "e9");
    await page.locator('[data-testid="redo"]').click();
    await page.locator('[data-testid="redo"]').click();
    await waitForMoves(page, 3);
    assert.equal(await pawnAt(page, 1), "e3");
    assert.equal(await pawnAt(page, 2), "e8");
    // Viewing an earlier move, then playing there, asks before discarding.
    await page.locator('[data-ply="1"] button').click();
    assert.equal(await pawnAt(page, 1), "e2");
    assert.equal(await pawnAt(page, 2), "e9");
    await page.locator('[data-square="d9"]').click();
    await page.locator('[data-testid="confirm"] .confirm-yes').click();
    assert.deepEqual(await moveTexts(page), ["e2", "d9"]);
    await context.close();

    const vsEngine = await open("v=1&moves=e2.e8&time_ms=300");
    await vsEngine.page.locator('[data-testid="undo"]').click();
    await waitForMoves(vsEngine.page, 0);
    assert.equal(await pawnAt(vsEngine.page, 1), "e1");
    assert.equal(await pawnAt(vsEngine.page, 2), "e9");
    assert.match(await status(vsEngine.page), /player 1 \(you\) to move/i);
    await vsEngine.context.close();
  });

  test("arrow keys, Home and End step through the history without changing the record", async () => {
    const { context, page, problems } = await open(`${HUMANS}&moves=e2.e8.e3`);
    const at = async () => [await pawnAt(page, 1), await pawnAt(page, 2)];
    assert.deepEqual(await at(), ["e3", "e8"]);
    await page.keyboard.press("ArrowLeft");
    assert.deepEqual(await at(), ["e2", "e8"]);
    await page.keyboard.press("ArrowLeft");
    assert.deepEqual(await at(), ["e2", "e9"]);
    await page.keyboard.press("Home");
    assert.deepEqual(await at(), ["e1", "e9"]);
    await page.keyboard.press("ArrowLeft");
    assert.deepEqual(await at(), ["e1", "e9"], "no step before the start");
    await page.keyboard.press("ArrowRight");
    assert.deepEqual(await at(), ["e2", "e9"]);
    await page.keyboard.press("End");
    assert.deepEqual(await at(), ["e3", "e8"]);
    await page.keyboard.press("ArrowRight");
    assert.deepEqual(await at(), ["e3", "e8"], "no step past the latest move");
    assert.deepEqual(await moveTexts(page), ["e2", "e8", "e3"]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a finished game shows the winner", async () => {
    const { context, page, problems } = await open(`${HUMANS}&size=5&walls=3&moves=c2.b5.c3.a5.c4.b5`);
    assert.equal(await page.locator("[data-square]").count(), 25);
    await page.locator('[data-square="c5"]').click();
    assert.match(await status(page), /player 1 \(human\) wins/i);
    assert.equal(await page.locator(".square.target").count(), 0);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the copy feedback speaks of the link it copied: gone once the game and its link move on", async () => {
    // Issue 62: "Copied to the clipboard." stayed after New game though the link changed.
    const { context, page, problems } = await open(HUMANS);
    await page.locator('input[name="move"]').fill("e2");
    await page.locator('input[name="move"]').press("Enter");
    await waitForMoves(page, 1);
    await page.locator('[data-testid="share"]').click();
    const feedback = page.locator(".share-feedback");
    // Copied, or refused by a headless browser's clipboard: either speaks of this link.
    await page.locator(".share-feedback", { hasText: /clipboard/i }).waitFor();
    await page.locator('input[name="move"]').fill("e8");
    await page.locator('input[name="move"]').press("Enter");
    await waitForMoves(page, 2);
    assert.equal(await feedback.innerText(), "");
    assert.match(await page.locator('[data-testid="share-url"]').inputValue(), /moves=e2\.e8/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the share link opens the same position, move list and settings in a fresh page", async () => {
    const { context, page } = await open(HUMANS);
    for (const mv of ["e2", "e8", "d4h"]) {
      await page.locator('input[name="move"]').fill(mv);
      await page.locator('input[name="move"]').press("Enter");
    }
    await waitForMoves(page, 3);
    await page.locator('[data-testid="advanced"] .advanced-toggle').click();
    await page.locator('input[name="uct_c"]').fill("0.05");
    await page.locator('input[name="uct_c"]').press("Enter");
    await page.locator('[data-ply="2"] button').click();
    await page.locator('[data-testid="share"]').click();
    const url = await page.locator('[data-testid="share-url"]').inputValue();
    assert.match(url, /[?&]v=1&/);
    assert.match(url, /moves=e2\.e8\.d4h/);
    assert.match(url, /view=2/);
    assert.match(url, /uct_c=0\.05/);
    await context.close();

    const fresh = await open.newContext();
    const other = await fresh.newPage();
    await other.goto(url);
    await other.locator("svg.board").waitFor();
    assert.deepEqual(await moveTexts(other), ["e2", "e8", "d4h"]);
    assert.equal(await pawnAt(other, 1), "e2");
    assert.equal(await pawnAt(other, 2), "e8");
    assert.equal(await other.locator("[data-wall]").count(), 0, "viewing move 2, before the wall");
    await other.locator(".view-latest").click();
    assert.equal(await other.locator('[data-wall="d4h"]').count(), 1);
    assert.equal(await other.locator('input[name="uct_c"]').inputValue(), "0.05");
    await fresh.close();
  });

  for (const [name, query] of [
    ["an illegal move", "v=1&moves=e2.e8.e9x.e3"],
    ["a bad size and garbage", "v=1&size=42&walls=abc&moves=%%%"],
    ["unknown words", "v=9&p1=robot&view=zz&uct_c=-3&nonsense=1"],
  ]) {
    test(`a malformed link (${name}) shows a notice and a playable board`, async () => {
      const { context, page, problems } = await open(query);
      await notice(page).waitFor();
      assert.ok((await notice(page).innerText()).length > 10);
      assert.equal(await page.locator("[data-square]").count(), 81);
      const before = await moves(page).count();
      const target = page.locator(".square.target").first();
      await target.click();
      await waitForMoves(page, before + 1);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("a reload keeps the game", async () => {
    const { context, page } = await open(`${HUMANS}&moves=e2.e8`);
    await page.locator('[data-wall-slot="c6h"]').click();
    await waitForMoves(page, 3);
    await page.reload();
    await page.locator("svg.board").waitFor();
    assert.deepEqual(await moveTexts(page), ["e2", "e8", "c6h"]);
    assert.equal(await page.locator('[data-wall="c6h"]').count(), 1);
    assert.equal(new URL(page.url()).search, "", "the link was dropped from the address bar");
    await context.close();
  });

  test("the new-game dialog starts a 5x5 game with the engine moving first", async () => {
    const { context, page, problems } = await open("v=1&time_ms=200");
    await page.locator('[data-testid="new-game-button"]').click();
    await page.locator('select[name="board_size"]').selectOption("5");
    await page.locator('select[name="walls"]').selectOption("3");
    await page.locator('select[name="mode"]').selectOption("engine-first");
    await page.locator('[data-testid="start"]').click();
    assert.equal(await page.locator("[data-square]").count(), 25);
    await waitForMoves(page, 1);
    assert.match(await status(page), /player 2 \(you\) to move/i);
    assert.equal(await page.locator('[data-stock="2"]').getAttribute("data-walls"), "3");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the new-game dialog offers no more walls than fit on the board", async () => {
    // Issue 62: 0–20 walls each on 3×3, where 4 centres hold at most 4 walls.
    const { context, page, problems } = await open("v=1&p1=human&p2=human");
    await page.locator('[data-testid="new-game-button"]').click();
    const walls = page.locator('select[name="walls"]');
    const offered = () => walls.locator("option").allInnerTexts();
    assert.equal((await offered()).length, 21, "0–20 on 9×9");
    assert.equal(await walls.inputValue(), "10");
    await page.locator('select[name="board_size"]').selectOption("3");
    assert.deepEqual(await offered(), ["0", "1", "2", "3", "4"]);
    assert.equal(await walls.inputValue(), "4", "the 10 chosen become the most that fit");
    await page.locator('select[name="board_size"]').selectOption("5");
    assert.equal((await offered()).length, 17);
    await walls.selectOption("2");
    await page.locator('[data-testid="start"]').click();
    assert.equal(await page.locator("[data-square]").count(), 25);
    assert.equal(await page.locator('[data-stock="1"]').getAttribute("data-walls"), "2");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("on a phone the new-game dialog's Start is in sight without scrolling", async () => {
    // Issue 62: on a 390×844 phone, Start was a screen below the dialog's top.
    const context = await open.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const { page, problems } = await open("v=1&p1=human&p2=human", { context });
    await page.locator('[data-testid="new-game-button"]').click();
    const start = page.locator('[data-testid="start"]');
    await start.waitFor();
    const box = await start.boundingBox();
    const height = await page.evaluate(() => window.innerHeight);
    assert.ok(box.y >= 0 && box.y + box.height <= height, `Start at ${box.y.toFixed(0)}–${(box.y + box.height).toFixed(0)} on a ${height} px screen`);
    await start.tap();
    await page.locator('[data-testid="new-game"]').waitFor({ state: "detached" });
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a link that differs from the saved game offers the saved game back", async () => {
    const { context, page } = await open(`${HUMANS}&moves=e2`);
    await waitForMoves(page, 1);
    const other = await open(`${HUMANS}&moves=e2.e8.e3`, { context });
    await waitForMoves(other.page, 3);
    await other.page.locator('[data-testid="confirm"] .confirm-yes').click();
    await waitForMoves(other.page, 1);
    await context.close();
  });

  test("engine vs engine can be paused, stepped and resumed", async () => {
    const { context, page, problems } = await open("v=1&p1=engine&p2=engine&time_ms=100");
    await waitForMoves(page, 2);
    await page.locator('[data-testid="pause"]').click();
    await page.locator('[data-testid="thinking"]').waitFor({ state: "detached" });
    const paused = await moves(page).count();
    await page.waitForTimeout(400);
    assert.equal(await moves(page).count(), paused, "no moves while paused");
    await page.locator('[data-testid="step"]').click();
    await waitForMoves(page, paused + 1);
    await page.waitForTimeout(400);
    assert.equal(await moves(page).count(), paused + 1, "one move per step");
    await page.locator('[data-testid="resume"]').click();
    await waitForMoves(page, paused + 3);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("engine vs engine is shown at a watchable pace, and Pause goes once the game is over", async () => {
    // Issue 62: level 1 against level 1 was over in half a second, 81 plies
    // of level 3 in under 3 s. Moves now come at least 0.7 s apart; a
    // slower machine only makes them further apart.
    const context = await open.newContext();
    await context.addInitScript(() => {
      window.__moveTimes = [];
      new MutationObserver(() => {
        const n = document.querySelectorAll('[data-testid="move-list"] [data-move]').length;
        while (window.__moveTimes.length < n) window.__moveTimes.push(performance.now());
      }).observe(document, { childList: true, subtree: true });
    });
    const { page, problems } = await open("v=1&p1=engine&p2=engine&level=1", { context });
    await waitForMoves(page, 4);
    const times = await page.evaluate(() => window.__moveTimes);
    for (let i = 1; i < times.length; i++) {
      assert.ok(times[i] - times[i - 1] >= 650, `moves ${i} and ${i + 1} only ${(times[i] - times[i - 1]).toFixed(0)} ms apart`);
    }
    assert.deepEqual(problems, []);
    await context.close();
    // One move from the end, the engine finishes the game: no Pause after it.
    const end = await open("v=1&moves=e2.d9.e3.d8.e4.d7.e5.d6.e6.d5.e7.d4.e8.d3&p1=engine&p2=engine&time_ms=100");
    await waitForMoves(end.page, 15);
    assert.match(await status(end.page), /wins/i);
    assert.equal(await end.page.locator('[data-testid="pause"]').count(), 0);
    assert.deepEqual(end.problems, []);
    await end.context.close();
  });

  test("an engine game ends at the 300-ply limit, adjudicated by path lengths, in the list and the link", async () => {
    // 296 plies of pawn shuffling: both pawns back home, player 1 to move.
    const shuffled = Array(74).fill("d1.d9.e1.e9").join(".");
    const humans = await open(`${HUMANS}&moves=${shuffled}`);
    assert.match(await status(humans.page), /^Player 1 \(human\) to move · ply 296 of 300$/);
    await humans.context.close();

    const { context, page, problems } = await open(
      `v=1&p1=engine&p2=engine&limit=playouts&playouts=50&moves=${shuffled}`,
    );
    await waitForMoves(page, 300);
    const ended = page.locator('[data-testid="status"][data-ended="ply-limit"]');
    await ended.waitFor();
    const text = await status(page);
    const [, winner] =
      text.match(/^Player ([12]) \(engine\) wins: adjudicated at the 300-ply limit \(paths \d+ to \d+/) ?? [];
    assert.ok(winner, text);
    // The engines stop: no search, no 301st move.
    assert.equal(await page.locator('[data-testid="thinking"]').count(), 0);
    await page.waitForTimeout(500);
    assert.equal(await moves(page).count(), 300);
    const score = winner === "1" ? "1-0" : "0-1";
    const result = page.locator('[data-testid="result"]');
    assert.equal(await result.getAttribute("data-result"), score);
    assert.match(await result.innerText(), /adjudicated at the 300-ply limit/);
    await page.locator('[data-testid="share"]').click();
    const url = await page.locator('[data-testid="share-url"]').inputValue();
    assert.ok(url.includes(`&result=${score}&`), url);
    assert.deepEqual(problems, []);
    await context.close();

    // The link opens the finished game: the same result, and no engine move.
    const again = await open(url.slice(url.indexOf("?") + 1));
    await again.page.locator('[data-testid="status"][data-ended="ply-limit"]').waitFor();
    assert.equal(await status(again.page), text);
    await again.page.waitForTimeout(500);
    assert.equal(await moves(again.page).count(), 300);
    assert.equal(await again.page.locator('[data-testid="thinking"]').count(), 0);
    assert.equal(await again.page.locator(".square.target").count(), 0, "the board takes no move");
    assert.deepEqual(again.problems, []);
    await again.context.close();
  });

  test("an engine that wins in one says it proved the win, not a win chance", async () => {
    // Issue 62: a winning move in one ply reported "win chance 93%". 9×9
    // (no solved table): the engine (player 2, on d2) wins with d1.
    const { context, page, problems } = await open(
      "v=1&moves=e2.d9.e3.d8.e4.d7.e5.d6.e6.d5.f6.d4.g6.d3.h6.d2.i6&p1=human&p2=engine",
    );
    await waitForMoves(page, 18);
    assert.equal((await moveTexts(page))[17], "d1");
    const summary = await page.locator('[data-testid="engine-summary"]').innerText();
    assert.match(summary, /^Engine: d1 after .*, a proven win$/);
    assert.doesNotMatch(summary, /win chance/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the playouts limit applies from the next engine move", async () => {
    const { context, page } = await open("v=1&time_ms=60000");
    await page.locator('input[name="limit"][value="playouts"]').check();
    await page.locator('input[name="playouts"]').fill("500");
    assert.equal(await page.locator('input[name="playouts"]').inputValue(), "500");
    await page.locator('[data-square="e2"]').click();
    await waitForMoves(page, 2);
    const summary = await page.locator('[data-testid="engine-summary"]').innerText();
    assert.match(summary, /after (5\d\d|[6-9]\d\d|1,?\d{3}) playouts/);
    await context.close();
  });

  test("the page stays responsive while the engine thinks, and Move now ends the think", async () => {
    const slowdown = await hostSlowdown(open);
    await withoutLongTasks(async () => {
      const context = await open.newContext();
      await context.addInitScript(recordLongTasks);
      const { page, problems } = await open("v=1&moves=e2&time_ms=120000", { context });
      const thinking = page.locator('[data-testid="thinking"]');
      await thinking.waitFor();
      await page.waitForTimeout(300);
      const startedAt = Date.now();
      await page.evaluate(() => {
        window.__longTasks = [];
        window.__gaps = [];
        let last = performance.now();
        const frame = (now) => {
          window.__gaps.push(now - last);
          last = now;
          if (!window.__stopFrames) requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      });
      // The page reacts while the engine thinks: hovering shows a ghost, the panel opens.
      await page.locator('[data-testid="new-game-button"]').click();
      await page.locator('[data-testid="new-game"]').waitFor();
      await page.waitForTimeout(1500);
      const { longTasks, worstGap } = await page.evaluate(() => {
        window.__stopFrames = true;
        return { longTasks: window.__longTasks, worstGap: Math.max(...window.__gaps.slice(1)) };
      });
      // A frame gap of 150 ms or more counts like a long task (both limits
      // scaled to this machine's speed, see hostSlowdown).
      const long = longTasks.filter((d) => d > 100 * slowdown);
      if (worstGap >= 150 * slowdown) long.push(`a frame gap of ${worstGap}`);
      assert.equal(await thinking.count(), 1, "still thinking");
      await page.locator('[data-testid="move-now"]').click();
      await waitForMoves(page, 2);
      assert.equal(await thinking.count(), 0);
      // A hang guard, not a timing assertion: the think's own limit is two
      // minutes, so a reply within one came from Move now.
      assert.ok(Date.now() - startedAt < 60_000, "Move now ended the think early");
      assert.deepEqual(problems, []);
      await context.close();
      return long;
    });
  });
});
