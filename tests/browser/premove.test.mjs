// Browser tests of premoves (issue 62: "Premove (queue your next move while
// the engine thinks), as lichess offers"): while the engine thinks, the
// person's pawn shows its targets; a click (a tap on a phone) queues the
// move, drawn on the board, and it is played the moment the engine has
// moved (or dropped with a word if the engine's move made it illegal).
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, moveTexts, useBoardPages, waitForMoves } from "./harness.mjs";

const open = useBoardPages();

for (const [name, options] of [
  ["desktop", { viewport: { width: 1366, height: 860 } }],
  ["phone", { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }],
]) {
  describe(`premove (${BASE}, ${name})`, () => {
    test("a move queued while the engine thinks is played as soon as it has moved", async () => {
      const context = await open.newContext(options);
      const { page, problems } = await open("v=1&p1=human&p2=engine&limit=time&time_ms=3000", { context });
      const press = (selector) => (name === "phone" ? page.locator(selector).tap() : page.locator(selector).click());
      await press('[data-square="e2"]');
      await waitForMoves(page, 1);
      // The engine thinks: the person's next targets show, and e3 queues.
      await page.locator('[data-square="e3"].target').waitFor();
      await press('[data-square="e3"]');
      await page.locator('svg.board .premove[data-premove="e3"]').waitFor();
      assert.match(await page.locator('[data-testid="notice"]').innerText(), /Premove e3: played as soon as the engine has moved/);
      assert.deepEqual(await moveTexts(page), ["e2"], "nothing played before the engine's move");
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="move-list"] [data-move]').length >= 2, null, { timeout: 30_000 });
      const moves = await moveTexts(page);
      if (moves.length >= 3) {
        assert.equal(moves[2], "e3", `the premove followed the engine's ${moves[1]} at once`);
      } else {
        await page.locator('[data-testid="notice"]').filter({ hasText: /Premove e3 dropped/ }).waitFor();
      }
      assert.equal(await page.locator("svg.board .premove").count(), 0, "nothing queued any more");
      assert.deepEqual(problems, []);
      await context.close();
    });
  });
}
