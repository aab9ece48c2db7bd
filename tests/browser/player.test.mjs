// The page as a player meets it (issue 45): a first visit that explains
// itself, the engine's internals behind remembered disclosures, a level that
// says what it does, resign / rematch / a new game that asks first, the
// dark theme and move sounds. Run by scripts/test.sh as
//   QUORIDOR_DIST=dist QUORIDOR_PUBLIC_URL=/ node --test tests/browser/
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, moveTexts, useBoardPages, waitForMoves } from "./harness.mjs";

const open = useBoardPages();

const byTestId = (page, id) => page.locator(`[data-testid="${id}"]`);
const status = (page) => byTestId(page, "status").innerText();

/** Opens `query` in a profile with nothing stored: a first visit. */
async function firstVisit(query = "", options = {}) {
  const context = await open.firstVisitContext(options);
  return open(query, { context });
}

describe(`a player's page (${BASE})`, () => {
  test("a first visit shows the rules and the board's controls; the engine and analysis wait behind closed panels", async () => {
    const { context, page, problems } = await firstVisit();
    const card = byTestId(page, "how-to-play");
    await card.waitFor();
    const rules = await card.innerText();
    assert.match(rules, /Race your pawn to the far side/);
    assert.match(rules, /top row \(9\)/);
    // Named as everywhere else on the page (issue 62: it said "White … black").
    assert.match(rules, /Player 1 \(the light pawn\) starts on e1, moves first/);
    assert.match(rules, /player 2 \(the dark pawn\) starts on e9/);
    assert.doesNotMatch(rules, /white|black/i);
    assert.match(rules, /each player has 10/);
    assert.match(rules, /cut a pawn off from its goal/);
    assert.match(rules, /jumps over/);
    for (const panel of ["engine-panel", "analysis-panel"]) {
      const toggle = byTestId(page, `${panel}-toggle`);
      assert.equal(await toggle.getAttribute("aria-expanded"), "false", panel);
    }
    assert.equal(await byTestId(page, "engine-controls").count(), 0, "no sliders on a first visit");
    assert.equal(await byTestId(page, "analysis-toggle").count(), 0);
    // The board comes before the panels in the page.
    const board = await page.locator("svg.board").boundingBox();
    const engine = await byTestId(page, "engine-panel").boundingBox();
    assert.ok(board.y < engine.y || board.x < engine.x, "the board first");

    // Dismissed once, the card stays away after a reload; the top bar brings it back.
    await byTestId(page, "how-to-play-close").click();
    assert.equal(await card.count(), 0);
    await page.reload();
    await page.locator("svg.board").waitFor();
    assert.equal(await card.count(), 0, "dismissed for good");
    await byTestId(page, "how-to-play-open").click();
    await card.waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the panels remember being opened; a level game shows what the level does, not sliders it ignores", async () => {
    const { context, page, problems } = await firstVisit();
    await byTestId(page, "engine-panel-toggle").click();
    const level = byTestId(page, "level-card");
    await level.waitFor();
    assert.match(
      await level.innerText(),
      /^Level 5 · Tactician: 1,500 playouts a move, replies at once\. Good walls/,
    );
    assert.equal(await page.locator(".limit-slider").count(), 0, "no ignored slider");
    assert.equal(await page.getByText("Time: 20.0 s").count(), 0);
    // Asked for, the settings show; changing one customises the level.
    await byTestId(page, "show-engine-settings").click();
    await page.locator(".limit-slider").first().waitFor();

    await byTestId(page, "analysis-panel-toggle").click();
    await byTestId(page, "analysis-toggle").waitFor();
    await page.reload();
    await page.locator("svg.board").waitFor();
    assert.equal(await byTestId(page, "engine-panel-toggle").getAttribute("aria-expanded"), "true");
    assert.equal(await byTestId(page, "analysis-panel-toggle").getAttribute("aria-expanded"), "true");
    await byTestId(page, "analysis-toggle").waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("resigning asks first, ends the game for the engine, and a rematch swaps the colours", async () => {
    const { context, page, problems } = await open("v=1&level=3&moves=e2.e8");
    await byTestId(page, "resign").click();
    const confirm = byTestId(page, "confirm");
    assert.match(await confirm.innerText(), /Resign the game as player 1\?/);
    await confirm.locator(".confirm-no").click();
    assert.match(await status(page), /to move/);
    await byTestId(page, "resign").click();
    await confirm.locator(".confirm-yes").click();
    assert.match(await status(page), /Player 2 \(engine\) wins: player 1 \(you\) resigned/i);
    assert.equal(await byTestId(page, "status").getAttribute("data-ended"), "resignation");
    assert.equal(await byTestId(page, "resign").count(), 0);
    assert.equal(await byTestId(page, "result").getAttribute("data-result"), "0-1");
    assert.equal(await page.locator("rect.square.target").count(), 0, "no more moves");
    // The saved game (a link's query) keeps the resignation.
    assert.match(await page.evaluate(() => localStorage.getItem("quoridor.game.v1")), /&resigned=1&/);

    await byTestId(page, "rematch").click();
    assert.deepEqual(await moveTexts(page).then((m) => m.length <= 1), true);
    assert.match(await byTestId(page, "level-label").innerText(), /Level 3/);
    // The engine is player 1 now and moves first.
    await waitForMoves(page, 1);
    assert.match(await status(page), /player 2 \(you\) to move/i);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a resigned game's last position can still be analysed", async () => {
    const { context, page, problems } = await open("v=1&p1=human&p2=engine&moves=e2.e8&resigned=1");
    assert.match(await status(page), /resigned/);
    const analyse = byTestId(page, "analysis-toggle");
    assert.equal(await analyse.isDisabled(), false);
    await analyse.click();
    await page.locator(".candidate").first().waitFor();
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("New game asks before it abandons an unfinished game, and keeps it when told to", async () => {
    const { context, page, problems } = await open("v=1&p1=human&p2=human&moves=e2.e8.e3");
    await byTestId(page, "new-game-button").click();
    await byTestId(page, "start").click();
    const confirm = byTestId(page, "confirm");
    assert.match(await confirm.innerText(), /This game is not over \(3 moves played\)/);
    await confirm.locator(".confirm-no").click();
    assert.deepEqual(await moveTexts(page), ["e2", "e8", "e3"], "kept");
    await byTestId(page, "new-game-button").click();
    await byTestId(page, "start").click();
    await confirm.locator(".confirm-yes").click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="move-list"] [data-move]').length <= 1,
    );
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the dark theme follows the system and the switch, and remembers the choice", async () => {
    const { context, page, problems } = await firstVisit("", { colorScheme: "dark" });
    const html = page.locator("html");
    assert.equal(await html.getAttribute("data-theme"), "dark", "the system's");
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(await background(), "rgb(22, 20, 18)");
    const theme = byTestId(page, "theme-switch");
    assert.equal(await theme.innerText(), "Theme: auto");
    await theme.click();
    assert.equal(await theme.innerText(), "Theme: light");
    assert.equal(await html.getAttribute("data-theme"), "light");
    assert.equal(await background(), "rgb(244, 239, 230)");
    await theme.click();
    assert.equal(await html.getAttribute("data-theme"), "dark");
    await page.emulateMedia({ colorScheme: "light" });
    assert.equal(await html.getAttribute("data-theme"), "dark", "chosen, not the system's");
    await page.reload();
    await page.locator("svg.board").waitFor();
    assert.equal(await html.getAttribute("data-theme"), "dark", "remembered");
    await theme.click();
    assert.equal(await theme.innerText(), "Theme: auto");
    assert.equal(await html.getAttribute("data-theme"), "light", "auto follows the system again");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("in the dark theme both players' dots beside the wall stocks stand out from the page", async () => {
    // Issue 62: player 2's dark dot had a black rim on the dark page.
    const { context, page, problems } = await firstVisit("", { colorScheme: "dark" });
    await page.locator(".stock-pawn.pawn-2").waitFor();
    const contrasts = await page.evaluate(() => {
      const rgb = (text) => (text.match(/[\d.]+/g) ?? []).slice(0, 4).map(Number);
      const luminance = ([r, g, b]) => {
        const lin = (c) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
        return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
      };
      const ratio = (a, b) => {
        const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
        return (hi + 0.05) / (lo + 0.05);
      };
      // The first opaque background behind the dot.
      const behind = (el) => {
        for (let e = el.parentElement; e; e = e.parentElement) {
          const c = rgb(getComputedStyle(e).backgroundColor);
          if (c.length === 3 || c[3] > 0) return c.slice(0, 3);
        }
        return rgb(getComputedStyle(document.body).backgroundColor);
      };
      return [...document.querySelectorAll(".stock-pawn")].map((dot) => {
        const style = getComputedStyle(dot);
        const page = behind(dot);
        // The dot shows by its fill or by its rim, whichever stands out more.
        return Math.max(ratio(rgb(style.backgroundColor), page), ratio(rgb(style.borderTopColor), page));
      });
    });
    assert.equal(contrasts.length, 2);
    for (const c of contrasts) assert.ok(c >= 3, `contrast ${c.toFixed(2)} of a player's dot (WCAG: 3 for graphics)`);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("moves make a sound only once sound is switched on, and the switch remembers", async () => {
    const context = await open.newContext();
    // Count the tones the page starts: Web Audio's oscillators, spied on.
    await context.addInitScript(() => {
      window.__tones = [];
      const Real = window.AudioContext;
      window.AudioContext = class extends Real {
        createOscillator() {
          const oscillator = super.createOscillator();
          const start = oscillator.start.bind(oscillator);
          oscillator.start = (when) => {
            window.__tones.push(oscillator.frequency.value);
            return start(when);
          };
          return oscillator;
        }
      };
    });
    const { page, problems } = await open("v=1&p1=human&p2=human", { context });
    const tones = () => page.evaluate(() => window.__tones.length);
    const sound = byTestId(page, "sound-switch");
    assert.equal(await sound.innerText(), "Sound: off");
    await page.locator('[data-square="e2"]').click();
    await page.waitForTimeout(200);
    assert.equal(await tones(), 0, "silent until asked");
    await sound.click();
    assert.equal(await sound.getAttribute("aria-pressed"), "true");
    await page.locator('[data-square="e8"]').click();
    await page.waitForFunction(() => window.__tones.length === 1);
    await page.locator('[data-wall-slot="a3h"]').click();
    await page.waitForFunction(() => window.__tones.length === 2);
    const [pawn, wall] = await page.evaluate(() => window.__tones);
    assert.ok(pawn > wall, `a pawn's knock (${pawn} Hz) is higher than a wall's (${wall} Hz)`);
    await page.reload();
    await page.locator("svg.board").waitFor();
    assert.equal(await sound.innerText(), "Sound: on", "remembered");
    assert.equal(await tones(), 0, "opening a game plays nothing");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("focus is visible on the page's buttons", async () => {
    const { context, page, problems } = await open("v=1&p1=human&p2=human");
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => {
      const el = document.activeElement;
      return el && el !== document.body ? getComputedStyle(el).outlineStyle : "none";
    });
    assert.notEqual(outline, "none", "a focus ring");
    assert.deepEqual(problems, []);
    await context.close();
  });
});
