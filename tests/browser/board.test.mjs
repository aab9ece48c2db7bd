// Browser tests of the board itself (issue 45, parts 1, 3, 4 and 8): the
// flipped board (drawing, labels, overlays' text upright, clicks still play
// the right moves, the default for a human playing player 2), the keyboard
// path to the pawn's targets, the goal rows' marks, the move animations and
// `prefers-reduced-motion`, and a mouse that still places a wall at once.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, moveTexts, pawnAt, useBoardPages, waitForMoves } from "./harness.mjs";

const HUMANS = "v=1&p1=human&p2=human";

const pages = useBoardPages();

/** A desktop page (1366x860) at `?query`; `options` go to the context. */
async function open(query, options = {}) {
  const context = await pages.newContext({ viewport: { width: 1366, height: 860 }, ...options });
  return pages(query, { context });
}

/** The centre of the first element matching `selector`, in viewport px. */
const centreOf = (page, selector) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });

/**
 * The animation name of the wall `wall` as the page styles it now. Polled
 * until the element is in the document: a re-render (the flip) may replace
 * it between finding it and reading it, and a detached element reads "".
 */
const wallAnimation = (page, wall) =>
  page
    .waitForFunction((name) => {
      const e = document.querySelector(`[data-wall="${name}"]`);
      return (e && e.isConnected && getComputedStyle(e).animationName) || null;
    }, wall)
    .then((handle) => handle.jsonValue());

const flipped = (page) => page.locator("svg.board").getAttribute("data-flipped");

describe(`the board (${BASE})`, () => {
  test("flip: player 2 at the bottom, labels readable where players look, clicks play the right moves", async () => {
    const { context, page, problems } = await open(HUMANS);
    assert.equal(await flipped(page), "false");
    let [one, two] = [await centreOf(page, '[data-pawn="1"]'), await centreOf(page, '[data-pawn="2"]')];
    assert.ok(one.y > two.y, "player 1 starts at the bottom");

    await page.locator('[data-testid="board-flip"]').click();
    assert.equal(await flipped(page), "true");
    assert.equal(await page.locator('[data-testid="board-flip"]').getAttribute("aria-pressed"), "true");
    [one, two] = [await centreOf(page, '[data-pawn="1"]'), await centreOf(page, '[data-pawn="2"]')];
    assert.ok(one.y < two.y, "flipped: player 2 at the bottom");
    const e1 = await centreOf(page, '[data-square="e1"]');
    const a1 = await centreOf(page, '[data-square="a1"]');
    const i9 = await centreOf(page, '[data-square="i9"]');
    assert.ok(a1.x > i9.x && a1.y < i9.y, "a1 at the top right, i9 at the bottom left");
    // Files stay below the board (i..a from the left), ranks on the left (1 at the top).
    const label = (cls, text) =>
      page.locator(`.${cls}`).evaluateAll(
        (els, text) => {
          const r = els.find((e) => e.textContent === text).getBoundingClientRect();
          return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
        },
        text,
      );
    const [fileA, fileI, rank1, rank9] = [
      await label("file-label", "a"),
      await label("file-label", "i"),
      await label("rank-label", "1"),
      await label("rank-label", "9"),
    ];
    assert.ok(fileA.x > fileI.x, "file a on the right");
    assert.ok(fileA.y > i9.y && fileI.y > i9.y, "file labels below the board");
    assert.ok(Math.abs(fileA.x - a1.x) < 1, "file a under the a-file");
    assert.ok(rank1.y < rank9.y && Math.abs(rank1.y - e1.y) < 1, "rank 1 at the top, level with e1");
    assert.ok(rank1.x < i9.x, "rank labels on the left");

    // Clicks on squares and grooves of the turned board play their own moves.
    await page.locator('[data-square="e2"]').click();
    await waitForMoves(page, 1);
    assert.equal(await pawnAt(page, 1), "e2");
    await page.locator('[data-wall-slot="c7h"]').hover();
    const ghost = await page.locator(".wall-ghost").boundingBox();
    const c7 = await centreOf(page, '[data-square="c7"]');
    const d8 = await centreOf(page, '[data-square="d8"]');
    // c7h lies between ranks 7 and 8 over files c and d: on the turned board
    // it is drawn between those squares' centres.
    const mid = { x: (c7.x + d8.x) / 2, y: (c7.y + d8.y) / 2 };
    assert.ok(Math.abs(ghost.x + ghost.width / 2 - mid.x) < 2 && Math.abs(ghost.y + ghost.height / 2 - mid.y) < 2,
      `ghost of c7h at ${JSON.stringify(ghost)}, expected centre ${JSON.stringify(mid)}`);
    await page.locator('[data-wall-slot="c7h"]').click();
    await waitForMoves(page, 2);
    assert.deepEqual(await moveTexts(page), ["e2", "c7h"]);

    // The key F turns it back.
    await page.locator("body").press("f");
    assert.equal(await flipped(page), "false");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("flip: the overlays turn with the board and their text stays upright", async () => {
    const { context, page } = await open(`${HUMANS}&moves=e2.e8&threads=1`);
    await page.locator('[data-testid="analysis-toggle"]').click();
    const candidate = page.locator("svg.board .board-turn text").first();
    await candidate.waitFor();
    // Upright: the text's whole transform to the screen has no turn in it.
    const upright = () =>
      candidate.evaluate((el) => {
        const m = el.getScreenCTM();
        return { a: Math.sign(m.a), d: Math.sign(m.d), transform: getComputedStyle(el).transform };
      });
    const before = await upright();
    assert.deepEqual([before.a, before.d], [1, 1]);
    await page.locator('[data-testid="board-flip"]').click();
    await page.waitForFunction(() => document.querySelector("svg.board").dataset.flipped === "true");
    const after = await upright();
    assert.equal(after.transform, "matrix(-1, 0, 0, -1, 0, 0)", "the text is turned back by CSS");
    assert.deepEqual([after.a, after.d], [1, 1], "upright on the turned board");
    await page.locator('[data-testid="analysis-toggle"]').click();
    await context.close();
  });

  test("a game where the human is player 2 against the engine opens flipped; the button turns it back", async () => {
    const { context, page } = await open("v=1&p1=engine&p2=human&time_ms=100");
    assert.equal(await flipped(page), "true");
    // Both pawns in one look: the engine's first move may land between two.
    const pawns = await page.evaluate(() =>
      [1, 2].map((n) => {
        const pawn = document.querySelector(`[data-pawn="${n}"]`);
        const r = pawn.getBoundingClientRect();
        return { at: pawn.dataset.at, y: r.y + r.height / 2 };
      }),
    );
    const [one, two] = pawns;
    assert.ok(two.y > one.y, `the human's pawn (player 2) at the bottom: ${JSON.stringify(pawns)}`);
    await page.locator('[data-testid="board-flip"]').click();
    assert.equal(await flipped(page), "false");
    await context.close();
    const human = await open("v=1&p1=human&p2=engine&time_ms=100");
    assert.equal(await flipped(human.page), "false");
    await human.context.close();
  });

  test("keyboard: Tab reaches a target square (a labelled button with a focus ring), Enter moves there", async () => {
    const { context, page, problems } = await open(HUMANS);
    const board = page.locator("svg.board");
    assert.match(await board.getAttribute("aria-label"), /player 1 to move.*e1.*e9/i);
    assert.match(await page.locator("#board-keys-hint").innerText(), /move box/i);
    let focused = null;
    for (let i = 0; i < 80 && !focused; i += 1) {
      await page.keyboard.press("Tab");
      focused = await page.evaluate(() => document.activeElement?.dataset?.square ?? null);
    }
    assert.ok(focused, "Tab reached a square");
    const el = page.locator(`[data-square="${focused}"]`);
    assert.equal(await el.getAttribute("role"), "button");
    assert.equal(await el.getAttribute("aria-label"), `Move to ${focused}`);
    const ring = await el.evaluate((e) => ({ visible: e.matches(":focus-visible"), stroke: getComputedStyle(e).stroke }));
    assert.ok(ring.visible && ring.stroke !== "none", `focus ring: ${JSON.stringify(ring)}`);
    await page.keyboard.press("Enter");
    await waitForMoves(page, 1);
    assert.equal(await pawnAt(page, 1), focused);
    assert.match(await board.getAttribute("aria-label"), /player 2 to move/i);
    // Space works too, for player 2.
    let next = null;
    for (let i = 0; i < 80 && !next; i += 1) {
      await page.keyboard.press("Tab");
      next = await page.evaluate(() => document.activeElement?.dataset?.square ?? null);
    }
    await page.keyboard.press(" ");
    await waitForMoves(page, 2);
    assert.equal(await pawnAt(page, 2), next);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("goal rows: a band and a tag on rank 9 for player 1 and rank 1 for player 2, flipped too", async () => {
    const { context, page } = await open(HUMANS);
    const check = async () => {
      for (const [player, rank] of [[1, 9], [2, 1]]) {
        assert.equal(await page.locator(`.goal-band[data-goal-of="${player}"]`).getAttribute("data-goal-rank"), String(rank));
        const band = await centreOf(page, `.goal-band[data-goal-of="${player}"]`);
        const tag = await centreOf(page, `.goal-tag[data-goal-of="${player}"]`);
        const square = await centreOf(page, `[data-square="e${rank}"]`);
        assert.ok(Math.abs(band.y - square.y) < 1, `player ${player}'s band on rank ${rank}`);
        assert.ok(Math.abs(tag.y - square.y) < 1, `player ${player}'s tag beside rank ${rank}`);
        assert.equal(await page.locator(`.goal-tag[data-goal-of="${player}"] .goal-tag-text`).textContent(), "goal");
      }
      // Each band in the colour of the pawn racing to it.
      const fills = await page.evaluate(() =>
        [1, 2].map((n) => [
          getComputedStyle(document.querySelector(`.goal-band-${n}`)).fill,
          getComputedStyle(document.querySelector(`.pawn-${n}`)).fill,
        ]),
      );
      for (const [band, pawn] of fills) assert.equal(band, pawn);
    };
    await check();
    const top = (await centreOf(page, ".goal-band-1")).y;
    await page.locator('[data-testid="board-flip"]').click();
    await page.waitForFunction(() => document.querySelector("svg.board").dataset.flipped === "true");
    await check();
    assert.ok((await centreOf(page, ".goal-band-1")).y > top, "flipped: player 1's goal at the bottom");
    await context.close();
  });

  for (const reducedMotion of ["no-preference", "reduce"]) {
    test(`moves animate ${reducedMotion === "reduce" ? "not at all under" : "without"} prefers-reduced-motion: reduce`, async () => {
      const { context, page } = await open(HUMANS, { reducedMotion });
      const pawn = await page.locator('[data-pawn="1"]').evaluate((e) => {
        const s = getComputedStyle(e);
        return { property: s.transitionProperty, duration: s.transitionDuration };
      });
      await page.locator('[data-wall-slot="e3h"]').click();
      await waitForMoves(page, 1);
      const wall = await wallAnimation(page, "e3h");
      await page.locator("body").press("f");
      await page.waitForFunction(() => document.querySelector("svg.board").dataset.flipped === "true");
      const turned = await wallAnimation(page, "e3h");
      if (reducedMotion === "reduce") {
        assert.ok(pawn.duration.split(",").every((d) => parseFloat(d) === 0), `pawn transition ${JSON.stringify(pawn)}`);
        assert.equal(wall, "none");
        assert.equal(turned, "none", "nor on a flipped board");
      } else {
        assert.match(pawn.property, /\bcx\b.*\bcy\b/);
        assert.ok(pawn.duration.split(",").every((d) => parseFloat(d) > 0), `pawn transition ${JSON.stringify(pawn)}`);
        assert.equal(wall, "wall-drop");
        assert.equal(turned, "wall-drop-turned", "on a flipped board the wall drops from above on screen too");
      }
      await context.close();
    });
  }

  test("mouse: a hover shows the ghost, one click places the wall; a square's middle shows no wall", async () => {
    const { context, page, problems } = await open(HUMANS);
    const e5 = await centreOf(page, '[data-square="e5"]');
    await page.mouse.move(e5.x, e5.y);
    assert.equal(await page.locator(".wall-ghost").count(), 0, "no ghost over a square's middle");
    await page.locator('[data-wall-slot="d4v"]').hover();
    await page.locator(".wall-ghost").waitFor();
    assert.match(await page.locator(".wall-ghost-reason").innerText(), /click to place wall d4v/i);
    await page.locator('[data-wall-slot="d4v"]').click();
    await waitForMoves(page, 1);
    assert.deepEqual(await moveTexts(page), ["d4v"]);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
