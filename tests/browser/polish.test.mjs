// Browser tests of issue 45's "small things that add up" and the move list
// for screen readers (part 8): notices that leave the board in place, a move
// list scrolled a whole row at a time, the discard question numbered as the
// list is, a refused move left in the box to correct, no rate for an instant
// reply, a click on "Analyse position" right after a threads change, links
// with a result or an escape that do not fit, and the list's labels, current
// move and focus ring. Run as
//   QUORIDOR_DIST=dist QUORIDOR_PUBLIC_URL=/ node --test --test-concurrency=1 tests/browser/polish.test.mjs
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, moveTexts, useBoardPages, waitForMoves } from "./harness.mjs";

const HUMANS = "v=1&p1=human&p2=human";
const open = useBoardPages();

const notice = (page) => page.locator('[data-testid="notice"]');
const confirm = (page) => page.locator('[data-testid="confirm"]');
const moveBox = (page) => page.locator('.move-input input[name="move"]');
/** The board's box in page coordinates (a scroll does not move it). */
const boardBox = (page) =>
  page.locator("svg.board").evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
  });

/** Types `text` in the move box and presses Enter. */
async function typeMove(page, text) {
  await moveBox(page).fill(text);
  await moveBox(page).press("Enter");
}

/**
 * The move list's rows (its `li`s) against the list's visible part: for each
 * row its top and bottom relative to the list's top edge, and the list's
 * visible height and scroll position.
 */
function listRows(page) {
  return page.locator('[data-testid="move-list"]').evaluate((list) => {
    const frame = list.getBoundingClientRect();
    const top = frame.top + list.clientTop;
    const rows = [...list.children].map((row) => {
      const r = row.getBoundingClientRect();
      return {
        top: r.top - top,
        bottom: r.bottom - top,
        shown: row.matches(".shown, :has(.shown)"),
        ply: row.dataset.ply ?? row.querySelector("[data-ply]")?.dataset.ply,
      };
    });
    return { rows, height: list.clientHeight, scrollTop: list.scrollTop };
  });
}

/** Asserts that no row of the move list is cut by its top or bottom edge. */
function assertNoRowCut({ rows, height }, when) {
  for (const row of rows) {
    const cutAtTop = row.top < -0.5 && row.bottom > 0.5;
    const cutAtBottom = row.top < height - 0.5 && row.bottom > height + 0.5;
    assert.ok(!cutAtTop, `${when}: the row of ply ${row.ply} is cut by the list's top (${JSON.stringify(row)})`);
    assert.ok(!cutAtBottom, `${when}: the row of ply ${row.ply} is cut by the list's bottom (${JSON.stringify(row)})`);
  }
}

/** Asserts that the row holding ply `ply` is entirely in view. */
function assertRowInView({ rows, height }, ply, when) {
  const row = rows[rowOf(rows, ply)];
  assert.ok(row, `${when}: no row holds ply ${ply}`);
  assert.ok(row.top >= -0.5 && row.bottom <= height + 0.5, `${when}: the row of ply ${ply} is not in full view: ${JSON.stringify(row)} in ${height}`);
}

/** The index of the row holding ply `ply` (the last row whose first ply is at most `ply`). */
function rowOf(rows, ply) {
  let index = -1;
  rows.forEach((r, i) => {
    if (r.ply !== undefined && Number(r.ply) <= ply) index = i;
  });
  return index;
}

/** Waits two animation frames (the list scrolls in the next one). */
const frames = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** 80 plies of pawns stepping aside and back: a game longer than the list is tall. */
const LONG_GAME = "d1.d9.e1.e9.".repeat(20).slice(0, -1);

describe(`issue 45's small things (${BASE})`, () => {
  test("a notice or a question leaves the board where it was", async () => {
    for (const viewport of [
      { width: 1366, height: 860 },
      { width: 390, height: 844 },
    ]) {
      const context = await open.newContext();
      const { page, problems } = await open(`${HUMANS}&moves=e2.e8.e3`, { context });
      await page.setViewportSize(viewport);
      const before = await boardBox(page);
      await typeMove(page, "zz9");
      await notice(page).waitFor();
      assert.deepEqual(await boardBox(page), before, `${viewport.width}px: a bad typed move's notice moved the board`);
      await typeMove(page, "e5");
      await notice(page).filter({ hasText: "e5" }).waitFor();
      assert.deepEqual(await boardBox(page), before, `${viewport.width}px: an illegal move's notice moved the board`);
      await page.locator('[data-testid="notice"] .notice-close').click();
      await notice(page).waitFor({ state: "detached" });
      // Viewing an earlier position and playing there asks first.
      await page.locator('[data-ply="1"] button').click();
      const viewing = await boardBox(page);
      await page.locator('[data-square="d9"]').click();
      await confirm(page).waitFor();
      assert.deepEqual(await boardBox(page), viewing, `${viewport.width}px: the discard question moved the board`);
      await page.locator('[data-testid="confirm"] .confirm-no').click();
      await confirm(page).waitFor({ state: "detached" });
      assert.deepEqual(await boardBox(page), viewing);
      assert.deepEqual(problems, []);
      await context.close();
    }
  });

  test("the move list scrolls a whole row at a time, with the shown move in full view", async () => {
    const { context, page, problems } = await open(`${HUMANS}&moves=${LONG_GAME}`);
    await waitForMoves(page, 80);
    await frames(page);
    let list = await listRows(page);
    assert.ok(list.scrollTop > 0, "an 80-ply game scrolls the list");
    assertNoRowCut(list, "at the latest move");
    assertRowInView(list, 80, "at the latest move");
    // Stepping back row by row and jumping keeps the shown row in view, uncut.
    for (const [key, ply] of [
      ["ArrowLeft", 79],
      ["ArrowLeft", 78],
      ["ArrowLeft", 77],
      ["Home", 0],
      ["End", 80],
    ]) {
      await page.locator("body").press(key);
      await frames(page);
      list = await listRows(page);
      assertNoRowCut(list, `after ${key}`);
      if (ply > 0) assertRowInView(list, ply, `after ${key}`);
      else assert.equal(list.scrollTop, 0, "Home shows the first row");
    }
    for (let i = 0; i < 15; i++) await page.locator(".view-back").click();
    await frames(page);
    list = await listRows(page);
    assertNoRowCut(list, "15 moves back");
    assertRowInView(list, 65, "15 moves back");
    // A move played from the latest position brings the new row in.
    await page.locator(".view-latest").click();
    await page.locator('[data-square="d1"]').click();
    await waitForMoves(page, 81);
    await frames(page);
    list = await listRows(page);
    assertNoRowCut(list, "after a new move");
    assertRowInView(list, 81, "after a new move");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the discard question numbers moves as the move list does", async () => {
    const { context, page, problems } = await open(`${HUMANS}&moves=e2.e8.e3.e7`);
    await page.locator('[data-ply="2"] button').click();
    await page.locator('[data-square="d2"]').click();
    assert.equal(
      await page.locator('[data-testid="confirm"] .confirm-text').innerText(),
      "Play 2. d2 after 1… e8 and discard the 2 later moves?",
    );
    await page.locator('[data-testid="confirm"] .confirm-yes').click();
    assert.deepEqual(await moveTexts(page), ["e2", "e8", "d2"]);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a move that is not played stays in the box; your own square says where your pawn stands", async () => {
    const { context, page, problems } = await open(`${HUMANS}&moves=e2.e8`);
    for (const text of ["zz9", "e9", "e2"]) {
      await typeMove(page, text);
      await notice(page).waitFor();
      assert.equal(await moveBox(page).inputValue(), text, `${text} was cleared from the box`);
    }
    assert.match(await notice(page).innerText(), /your pawn already stands on e2/);
    assert.doesNotMatch(await notice(page).innerText(), /not reachable/);
    // Corrected, it plays and the box empties.
    await typeMove(page, "e3");
    await waitForMoves(page, 3);
    assert.equal(await moveBox(page).inputValue(), "");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("an instant engine reply shows no meaningless rate, and a small tree no bytes per node", async () => {
    const { context, page, problems } = await open("v=1&level=1");
    await page.locator('[data-square="e2"]').click();
    await waitForMoves(page, 2);
    const summary = page.locator('[data-testid="engine-summary"]');
    await summary.waitFor();
    const text = await summary.innerText();
    console.log(`level 1's reply: ${text}`);
    assert.doesNotMatch(text, /in 0\.0 s/, text);
    assert.doesNotMatch(text, /\(0 playouts\/s/, text);
    const seconds = Number(text.match(/in (\d+\.\d) s/)?.[1] ?? "0");
    if (/playouts\/s/.test(text)) assert.ok(seconds >= 0.1, text);
    else assert.match(text, /in under 0\.1 s/);
    // The stats table says bytes per node only for a tree big enough to say.
    const nodes = Number(await page.locator('[data-stat="nodes"]').getAttribute("data-value"));
    assert.ok(nodes < 50_000, `a level 1 reply grew ${nodes} nodes`);
    assert.ok((await page.locator('[data-stat="memory"]').count()) === 1, "the table shows the tree's memory");
    assert.equal(await page.locator('[data-stat="bytes-per-node"]').count(), 0, "bytes per node of a small tree");
    assert.match(await page.locator('[data-stat="playouts-per-sec"] td').innerText(), /under 0\.1 s|\d/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("Analyse position half a second after threads go from 1 to 2 takes effect, even while the engine thinks", async () => {
    // The report: threads 1 -> 2, then a click on "Analyse position"
    // that did nothing, while the same click 3 s later worked. The engine
    // was thinking of its move (3 s here): the button was disabled then.
    const { context, page, problems } = await open("v=1&p1=human&p2=engine&limit=time&time_ms=3000&threads=1");
    await page.waitForFunction(() => window.quoridorPool?.started === 1);
    // (Typed before the move: a progress render while the engine thinks
    // can reset a number being typed in the engine panel.)
    const input = page.locator('input[name="threads"]');
    await input.fill("2");
    await input.press("Enter");
    await page.waitForFunction(() => window.quoridorPool?.workers === 2);
    await page.locator('[data-square="e2"]').click();
    await page.locator('[data-testid="thinking"]').waitFor();
    await page.waitForTimeout(500);
    const toggle = page.locator('[data-testid="analysis-toggle"]');
    // One click, at once (force: no waiting for the button to be enabled;
    // no time bound, which a loaded machine could miss).
    await toggle.click({ force: true });
    await notice(page).filter({ hasText: "Analysis starts once the engine has played its move" }).waitFor();
    await waitForMoves(page, 2);
    await page.locator('[data-testid="analysis-toggle"][data-running="true"]').waitFor();
    await page.waitForFunction(() => Number(document.querySelector('[data-stat="playouts"]')?.dataset.value ?? 0) > 0);
    await toggle.click();
    await page.locator('[data-testid="analysis-toggle"][data-running="false"]').waitFor();
    assert.deepEqual(problems, []);
    await context.close();

    // Between two people (no engine move), with the new worker just started.
    const humans = await open(`${HUMANS}&moves=e2.e8&threads=1`);
    await humans.page.waitForFunction(() => window.quoridorPool?.started === 1);
    const threads = humans.page.locator('input[name="threads"]');
    await threads.fill("2");
    await threads.press("Enter");
    await humans.page.waitForFunction(() => window.quoridorPool?.workers === 2);
    await humans.page.waitForTimeout(500);
    await humans.page.locator('[data-testid="analysis-toggle"]').click();
    await humans.page.locator('[data-testid="analysis-toggle"][data-running="true"]').waitFor();
    await humans.page.waitForFunction(() => Number(document.querySelector('[data-stat="playouts"]')?.dataset.value ?? 0) > 0);
    await humans.page.waitForFunction(() => window.quoridorPool?.started === 2);
    assert.deepEqual(humans.problems, []);
    await humans.context.close();
  });

  test("a link's result on an unfinished game and a bad escape say what was wrong", async () => {
    const result = await open("v=1&moves=e2.e8&result=0-1");
    assert.match(
      await result.page.locator('[data-testid="notice"] .notice-text').innerText(),
      /the game is not over after these 2 moves: its result 0-1 is ignored/,
    );
    assert.deepEqual(await moveTexts(result.page), ["e2", "e8"]);
    await result.context.close();
    const escape = await open("v=1&moves=e2%ZZe8");
    assert.match(
      await escape.page.locator('[data-testid="notice"] .notice-text').innerText(),
      /moves: bad escape %ZZ; opened the moves before it/,
    );
    assert.deepEqual(await moveTexts(escape.page), ["e2"]);
    await escape.context.close();
  });

  test("the move list reads move by move to a screen reader, marks the current move and shows focus", async () => {
    const { context, page, problems } = await open(`${HUMANS}&moves=e2.e8.e3h`);
    const list = page.locator('[data-testid="move-list"]');
    assert.equal(await list.evaluate((el) => el.tagName), "OL");
    // A row per move number, read as "1. e2 e8".
    const rows = await list.locator(":scope > li.move-row").allInnerTexts();
    assert.deepEqual(
      rows.map((r) => r.replace(/\s+/g, " ").trim()),
      ["1. e2 e8", "2. e3h"],
    );
    const labels = await list.locator("button").evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
    assert.deepEqual(labels, [
      "Move 1, player 1: pawn to e2",
      "Move 1, player 2: pawn to e8",
      "Move 2, player 1: horizontal wall at e3",
    ]);
    const current = () =>
      list.locator('button[aria-current="step"]').evaluateAll((els) => els.map((e) => e.getAttribute("aria-label")));
    assert.deepEqual(await current(), ["Move 2, player 1: horizontal wall at e3"]);
    // From the keyboard: Tab reaches the list's buttons, which show a ring,
    // and Enter shows that move's position.
    await moveBox(page).focus();
    const first = list.locator('[data-ply="1"] button');
    for (let i = 0; i < 40 && !(await first.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    assert.ok(await first.evaluate((el) => el === document.activeElement), "Tab reaches the first move");
    const ring = await first.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    assert.ok(ring.style !== "none" && ring.width >= 2, `focus ring ${JSON.stringify(ring)}`);
    await page.keyboard.press("Enter");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="move-list"] button[aria-current="step"]')?.getAttribute("aria-label") === "Move 1, player 1: pawn to e2",
    );
    assert.deepEqual(problems, []);
    await context.close();
  });
});
