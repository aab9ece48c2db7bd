// Browser tests of touch input on a phone (issue 45, part 2): real touch
// events from the DevTools protocol (touchStart/touchEnd, as
// `page.touchscreen.tap` sends them, and the synthetic tap gesture) in a
// 390x844 context with `hasTouch` and `isMobile`. A first tap on a groove
// previews its wall, a second places it; a tap on a target square moves the
// pawn; a tap beside a thin groove still finds it.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, moveTexts, pawnAt, useBoardPages, waitForMoves } from "./harness.mjs";

const HUMANS = "v=1&p1=human&p2=human";
/** Width and height of the whole board drawing, in SVG units (crates/page/src/geometry.rs). */
const BOARD_UNITS = 121.5;

const pages = useBoardPages();

/** A phone: 390x844 CSS px, touch, mobile viewport; `cdp` drives its input. */
async function openPhone(query) {
  const context = await pages.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
  });
  const { page, problems } = await pages(query, { context });
  await page.locator("svg.board").scrollIntoViewIfNeeded();
  const cdp = await context.newCDPSession(page);
  return { context, page, cdp, problems };
}

/** The centre of `locator`'s box in CSS px of the viewport. */
async function centre(locator) {
  const box = await locator.boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** CSS px per board unit on this page. */
async function scale(page) {
  const box = await page.locator("svg.board").boundingBox();
  return box.width / BOARD_UNITS;
}

/** One finger down and up at `at`, through the DevTools protocol. */
async function touchTap(cdp, { x, y }) {
  const point = { x, y, radiusX: 6, radiusY: 6, force: 1, id: 1 };
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [point] });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
}

/** The browser's own tap gesture (a synthetic finger) at `at`. */
async function gestureTap(cdp, { x, y }) {
  await cdp.send("Input.synthesizeTapGesture", { x, y, duration: 40, tapCount: 1, gestureSourceType: "touch" });
}

const ghost = (page) => page.locator(".wall-ghost");
const reason = (page) => page.locator(".wall-ghost-reason");
const slot = (page, wall) => page.locator(`[data-wall-slot="${wall}"]`);

/**
 * Waits until the tap had an effect: a preview of `wall` (its reason line
 * names it) or a move played; then asserts it was the preview, with nothing
 * played beyond the `played` moves.
 */
async function waitForPreview(page, wall, played = []) {
  await page
    .waitForFunction(
      ({ wall, n }) =>
        document.querySelector(".wall-ghost-reason")?.textContent.includes(wall) ||
        document.querySelectorAll('[data-testid="move-list"] [data-move]').length > n,
      { wall, n: played.length },
    )
    .catch(async () => {
      const notice = await page.locator('[data-testid="notice"]').allInnerTexts();
      assert.fail(`the tap neither previewed ${wall} nor played a move (notice: ${JSON.stringify(notice)})`);
    });
  assert.deepEqual(await moveTexts(page), played, `a tap that should only preview ${wall} played a move`);
  assert.match(await reason(page).innerText(), new RegExp(`tap again to place wall ${wall}`, "i"));
}

const TAPS = {
  "protocol touchStart/touchEnd": (phone, at) => touchTap(phone.cdp, at),
  "page.touchscreen.tap": (phone, at) => phone.page.touchscreen.tap(at.x, at.y),
  "synthetic tap gesture": (phone, at) => gestureTap(phone.cdp, at),
  // The path the issue saw in Chromium's touch emulation: no pointerdown,
  // only a click whose own pointerType is "touch".
  "a lone click whose pointerType is touch": (phone, { x, y }) =>
    phone.page.evaluate(
      ({ x, y }) =>
        document
          .elementFromPoint(x, y)
          .dispatchEvent(new PointerEvent("click", { bubbles: true, cancelable: true, pointerType: "touch", clientX: x, clientY: y })),
      { x, y },
    ),
};

describe(`touch on a phone (${BASE})`, () => {
  for (const [name, tap] of Object.entries(TAPS)) {
    test(`${name}: a first tap on a groove previews its wall, a second places it`, async () => {
      const phone = await openPhone(HUMANS);
      const { context, page, problems } = phone;
      await tap(phone, await centre(slot(page, "e3h")));
      await waitForPreview(page, "e3h");
      assert.equal(await ghost(page).count(), 1, "a ghost wall is shown");
      assert.match(await ghost(page).getAttribute("class"), /\blegal\b/);
      assert.match(await reason(page).innerText(), /tap again to place wall e3h/i);
      assert.deepEqual(await moveTexts(page), [], "the first tap placed nothing");
      assert.equal(await page.locator('[data-wall="e3h"]').count(), 0);

      await tap(phone, await centre(slot(page, "e3h")));
      await waitForMoves(page, 1);
      assert.deepEqual(await moveTexts(page), ["e3h"]);
      assert.equal(await page.locator('[data-wall="e3h"]').count(), 1, "the wall is drawn");
      assert.deepEqual(problems, []);
      await context.close();
    });
  }

  test("a tap on another groove moves the preview; the first groove then needs two taps again", async () => {
    const phone = await openPhone(HUMANS);
    const { context, page, cdp } = phone;
    await touchTap(cdp, await centre(slot(page, "e3h")));
    await waitForPreview(page, "e3h");
    await touchTap(cdp, await centre(slot(page, "c5v")));
    await waitForPreview(page, "c5v");
    assert.equal(await ghost(page).count(), 1);
    assert.deepEqual(await moveTexts(page), []);
    await touchTap(cdp, await centre(slot(page, "e3h")));
    await waitForPreview(page, "e3h");
    assert.deepEqual(await moveTexts(page), [], "the moved preview placed nothing");
    await touchTap(cdp, await centre(slot(page, "e3h")));
    await waitForMoves(page, 1);
    assert.deepEqual(await moveTexts(page), ["e3h"]);
    await context.close();
  });

  test("a tap on a target square moves the pawn at once", async () => {
    const phone = await openPhone(HUMANS);
    const { context, page, cdp, problems } = phone;
    await touchTap(cdp, await centre(page.locator('[data-square="e2"]')));
    await waitForMoves(page, 1);
    assert.equal(await pawnAt(page, 1), "e2");
    // A target square beside a previewed groove still takes the pawn's move.
    await touchTap(cdp, await centre(slot(page, "d8h")));
    await waitForPreview(page, "d8h", ["e2"]);
    await touchTap(cdp, await centre(page.locator('[data-square="e8"]')));
    await waitForMoves(page, 2);
    assert.equal(await pawnAt(page, 2), "e8");
    assert.equal(await ghost(page).count(), 0, "the preview ended with the move");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a tap beside a thin groove (inside the square next to it) still finds the groove", async () => {
    const phone = await openPhone(HUMANS);
    const { context, page, cdp } = phone;
    const px = await scale(page);
    const groove = await centre(slot(page, "e3h"));
    // 4 board units (about 12 CSS px) above the groove's middle line: inside
    // e4, 2.75 units past the drawn groove's edge.
    const beside = { x: groove.x, y: groove.y - 4 * px };
    await touchTap(cdp, beside);
    await waitForPreview(page, "e3h");
    await touchTap(cdp, beside);
    await waitForMoves(page, 1);
    assert.deepEqual(await moveTexts(page), ["e3h"]);
    // The same for a vertical groove, from the square on its right.
    const vertical = await centre(slot(page, "c5v"));
    const right = { x: vertical.x + 4 * px, y: vertical.y };
    await touchTap(cdp, right);
    await waitForPreview(page, "c5v", ["e3h"]);
    await touchTap(cdp, right);
    await waitForMoves(page, 2);
    assert.deepEqual(await moveTexts(page), ["e3h", "c5v"]);
    await context.close();
  });

  test("hit areas are finger-sized on a 390 px screen: grooves 39 px across, squares 31 px", async () => {
    const phone = await openPhone(HUMANS);
    const { context, page } = phone;
    const sizes = await page.evaluate(() => {
      const box = (sel) => document.querySelector(sel).getBoundingClientRect();
      const [h, v, sq] = [box('[data-wall-slot="e3h"]'), box('[data-wall-slot="c5v"]'), box('[data-square="e2"]')];
      return { h: [h.width, h.height], v: [v.width, v.height], square: [sq.width, sq.height] };
    });
    console.log(`hit areas (CSS px): horizontal groove ${sizes.h.map((n) => n.toFixed(1)).join("x")}, ` +
      `vertical groove ${sizes.v.map((n) => n.toFixed(1)).join("x")}, target square ${sizes.square.map((n) => n.toFixed(1)).join("x")}`);
    assert.ok(sizes.h[1] >= 38, `a horizontal groove's area is ${sizes.h[1]} px across`);
    assert.ok(sizes.v[0] >= 38, `a vertical groove's area is ${sizes.v[0]} px across`);
    assert.ok(sizes.square[0] >= 30 && sizes.square[1] >= 30, `a target square is ${sizes.square}`);
    // The square's middle belongs to the square: the topmost element there is it.
    const at = await centre(page.locator('[data-square="e2"]'));
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.dataset.square, at);
    assert.equal(hit, "e2");
    await context.close();
  });
});
