// Browser tests of Your games (issue 62: "a list of past games on this
// device …, each opening in the page for replay and review; and a download
// of any game as a record file …, and an upload / paste that opens one"):
// a game finished on the page is listed once, survives a reload, opens
// again, downloads as a record that reads back; a record opens pasted or
// from a file, and a bad one is refused with a sentence. Desktop and phone
// (taps), where the list must not widen the page.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, moveTexts, useBoardPages, waitForMoves } from "./harness.mjs";

const open = useBoardPages();

/** 3×3 without walls, two people: player 2 wins at once by jumping to b1. */
const QUICK = "v=1&size=3&walls=0&p1=human&p2=human";

const moveBox = (page) => page.locator('.move-input input[name="move"]');

async function typeMove(page, text) {
  await moveBox(page).fill(text);
  await moveBox(page).press("Enter");
}

/** The text a `data:` download link holds. */
const downloaded = (link) =>
  link.getAttribute("href").then((href) => decodeURIComponent(href.slice(href.indexOf(",") + 1)));

for (const [name, options] of [
  ["desktop", { viewport: { width: 1366, height: 860 } }],
  ["phone", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
]) {
  const press = (locator) => (name === "phone" ? locator.tap() : locator.click());

  describe(`your games (${BASE}, ${name})`, () => {
    test("a finished game is listed once, kept over a reload, opens again and downloads as a record", async () => {
      const { context, page, problems } = await open(QUICK, { context: await open.newContext(options) });
      await press(page.locator('[data-testid="your-games-open"]'));
      await page.locator('[data-testid="your-games"]').waitFor();
      assert.match(await page.locator('[data-testid="your-games"]').innerText(), /No finished games/);
      await press(page.locator('[data-testid="your-games"] .cancel'));

      await typeMove(page, "b2");
      await typeMove(page, "b1");
      await waitForMoves(page, 2);
      await press(page.locator('[data-testid="your-games-open"]'));
      const rows = page.locator('[data-testid="past-game"]');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 1);
      assert.match(await rows.first().innerText(), /two players at one screen\s+player 2 won\s+2/);

      const record = await downloaded(rows.first().locator('[data-testid="past-download"]'));
      assert.match(record, /^\[size 3\] \[walls 0\]\n\{Quoridor, \d{4}-\d\d-\d\d \d\d:\d\d: two players at one screen; player 2 reached the goal\}\n1\. b2 b1\n0-1\n$/);
      assert.match(await rows.first().locator('[data-testid="past-download"]').getAttribute("download"), /^quoridor-\d{4}-\d\d-\d\d-\d\d-\d\d\.txt$/);

      if (name === "phone") {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= 390, `the page is ${width} px wide on a 390 px screen`);
      }
      await page.screenshot({ path: `${process.env.QUORIDOR_SHOTS ?? "/tmp"}/your-games-${name}.png` });

      // A reload lists it once still (a finished game opened again is not a new one).
      await page.reload();
      await page.locator("svg.board").waitFor();
      await press(page.locator('[data-testid="your-games-open"]'));
      await rows.first().waitFor();
      assert.equal(await rows.count(), 1);

      // Stored under its key, one line per game; opened from the list.
      await page.evaluate(() => localStorage.getItem("quoridor.games.v1")).then((text) => {
        assert.match(text, /^quoridor past games v1\n\d+\t-\t2\tgoal\ttwo players at one screen\t2\t/);
      });
      await press(page.locator('[data-testid="past-open"]').first());
      await page.locator('[data-testid="your-games"]').waitFor({ state: "detached" });
      assert.deepEqual(await moveTexts(page), ["b2", "b1"]);
      assert.deepEqual(problems, []);
      await context.close();
    });

    test("a record opens pasted or from a file; a bad one is refused and the game kept", async () => {
      const { context, page, problems } = await open("v=1&p1=human&p2=human", { context: await open.newContext(options) });
      await press(page.locator('[data-testid="your-games-open"]'));
      await page.locator('[data-testid="record-text"]').fill("e2 e8 e9");
      await press(page.locator('[data-testid="record-open"]'));
      await page.locator('[data-testid="notice"]').waitFor();
      assert.match(await page.locator('[data-testid="notice"]').innerText(), /That record does not read: .*move 3/);
      assert.equal(await page.locator('[data-testid="your-games"]').count(), 1, "the box stays open to mend the text");
      assert.deepEqual(await moveTexts(page), []);

      await page.locator('[data-testid="record-text"]').fill("[size 5] [walls 3] {a game} 1. c2 c4 2. b1v");
      await press(page.locator('[data-testid="record-open"]'));
      await waitForMoves(page, 3);
      assert.deepEqual(await moveTexts(page), ["c2", "c4", "b1v"]);
      assert.equal(await page.locator('svg.board [data-square]').count(), 25);

      await press(page.locator('[data-testid="your-games-open"]'));
      await page.locator('[data-testid="record-file"]').setInputFiles({
        name: "game.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("[size 3] [walls 1]\n1. b2 b1h\n"),
      });
      // An unfinished game with moves: the page asks before abandoning it.
      await page.locator('[data-testid="confirm"]').waitFor();
      await press(page.locator('[data-testid="confirm"] .confirm-yes'));
      await waitForMoves(page, 2);
      assert.deepEqual(await moveTexts(page), ["b2", "b1h"]);
      assert.deepEqual(problems, []);
      await context.close();
    });
  });
}
