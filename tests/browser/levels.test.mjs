// Browser tests of the ladder of levels in the page (issue 36): the
// new-game dialog's levels, the first visit against level 5, links with a
// level, the record against each level kept in localStorage, and the next
// level suggested after three wins in a row. Games are kept short: links
// open 9×9 positions (the board the levels are rated on) one move from the
// end, and the levels used search 10 playouts a move.
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, moveTexts, useBoardPages, waitForMoves } from "./harness.mjs";

const open = useBoardPages();

/** 9×9: player 1 (you) on e8, to move, wins with e9. */
const YOU_WIN_NEXT = "v=1&moves=e2.d9.e3.d8.e4.d7.e5.d6.e6.d5.e7.d4.e8.d3&p1=human&p2=engine";
const YOU_WIN_PLIES = 14;
const WINNING_SQUARE = "e9";
/** 9×9: you (player 1) far from home, to move, while the engine is near its own. */
const ENGINE_AHEAD = "v=1&moves=e2.d9.e3.d8.e4.d7.e5.d6.e6.d5.f6.d4.g6.d3.h6.d2&p1=human&p2=engine";
/** 5×5, 3 walls each: player 1 (you) on c4, to move, wins with c5. */
const SMALL_YOU_WIN_NEXT = "v=1&size=5&walls=3&moves=c2.b5.c3.a5.c4.b5&p1=human&p2=engine";
const RECORD_KEY = "quoridor.record";

const label = (page) => page.locator('[data-testid="level-label"]');
const status = (page) => page.locator('[data-testid="status"]').innerText();
const levelChoice = (page, n) => page.locator(`[data-testid="level-choice"][data-level="${n}"]`);
const recordOf = (page, n) => levelChoice(page, n).locator('[data-testid="level-record"]');

/**
 * The engine panel's settings in a level game: the level's card first, the
 * controls after "Change the engine's settings".
 */
async function showLevelSettings(page) {
  await page.locator('[data-testid="level-card"]').waitFor();
  await page.locator('[data-testid="show-engine-settings"]').click();
}

async function openDialog(page) {
  await page.locator('[data-testid="new-game-button"]').click();
  await page.locator('[data-testid="new-game"]').waitFor();
}

async function closeDialog(page) {
  await page.locator('[data-testid="new-game"] .cancel').click();
}

/** Wins and losses the dialog shows against level `n`. */
async function shownRecord(page, n) {
  await openDialog(page);
  const record = recordOf(page, n);
  const shown = {
    wins: Number(await record.getAttribute("data-wins")),
    losses: Number(await record.getAttribute("data-losses")),
    text: await record.innerText(),
  };
  await closeDialog(page);
  return shown;
}

/** Opens `query` in the page's own origin (keeping its localStorage). */
async function goTo(page, query) {
  const { origin, pathname } = new URL(page.url());
  await page.goto(`${origin}${pathname}?${query}`);
  await page.locator("svg.board").waitFor();
}

describe(`the ladder of levels (${BASE})`, () => {
  test("the new-game dialog lists the ten levels with names, ratings and records, and Custom", async () => {
    const { context, page, problems } = await open("v=1&p1=human&p2=engine&time_ms=300");
    await openDialog(page);
    const choices = page.locator('[data-testid="level-choice"]');
    assert.deepEqual(await choices.evaluateAll((els) => els.map((e) => e.dataset.level)), [
      "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "custom",
    ]);
    assert.match(await levelChoice(page, 1).innerText(), /Level 1 · Pebble/);
    assert.match(await levelChoice(page, 5).innerText(), /Level 5 · Tactician/);
    assert.match(await levelChoice(page, 10).innerText(), /Level 10 · Full engine/);
    // Every level is rated, and the page shows the ladder's order.
    const ratings = await page.locator('[data-testid="level-rating"]').allInnerTexts();
    assert.equal(ratings.length, 10);
    const elos = ratings.map((rating) => {
      assert.match(rating, /^Elo \d+$/);
      return Number(rating.slice(4));
    });
    assert.ok(elos.every((elo, i) => i === 0 || elo > elos[i - 1]), elos.join(" "));
    // The interval is the rating's tooltip.
    const title = await page.locator('[data-testid="level-rating"]').first().getAttribute("title");
    assert.match(title, /^95% interval ± \d+ against the random mover/);
    assert.equal(await recordOf(page, 3).innerText(), "Not played yet");
    // Custom settings open on Custom, with the engine select of the engine seat.
    assert.ok(await page.locator('input[name="opponent"][value="custom"]').isChecked());
    assert.equal(await page.locator('select[name="new_p2_engine"]').count(), 1);
    // A level hides the engine selects (a level is UCT) and starts there.
    await page.locator('input[name="opponent"][value="3"]').check();
    assert.equal(await page.locator('select[name="new_p2_engine"]').count(), 0);
    await page.locator('[data-testid="start"]').click();
    assert.equal(await label(page).getAttribute("data-level"), "3");
    assert.equal(await label(page).innerText(), "Engine: Level 3 · Rookie");
    await showLevelSettings(page);
    assert.equal(await page.locator('[data-testid="workers"]').getAttribute("data-value"), "1");
    // Back to Custom: the full engine's panel again.
    await openDialog(page);
    assert.ok(await page.locator('input[name="opponent"][value="3"]').isChecked());
    await page.locator('input[name="opponent"][value="custom"]').check();
    await page.locator('[data-testid="start"]').click();
    assert.equal(await label(page).innerText(), "Engine: custom settings");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the first visit plays level 5, says so, and its link replays the level with the game's seed", async () => {
    const { context, page, problems } = await open();
    assert.equal(await label(page).innerText(), "Engine: Level 5 · Tactician");
    assert.equal(await label(page).getAttribute("data-customised"), "false");
    assert.match(await status(page), /player 1 \(you\) to move/i);
    await showLevelSettings(page);
    assert.equal(await page.locator('[data-testid="workers"]').getAttribute("data-value"), "1");
    await page.locator('[data-square="e2"]').click();
    await waitForMoves(page, 2);
    await page.locator('[data-testid="share"]').click();
    const url = await page.locator('[data-testid="share-url"]').inputValue();
    const query = new URL(url).searchParams;
    assert.equal(query.get("level"), "5");
    assert.match(query.get("seed") ?? "", /^\d+$/, "the game's seed");
    assert.ok(url.indexOf("level=5") < url.indexOf("seed="), "level first among the options");
    assert.equal(query.get("playouts"), null, "only what differs from the level");
    // Changing a setting customises the level.
    await page.locator('[data-testid="advanced"] .advanced-toggle').click();
    await page.locator('input[name="uct_c"]').fill("0.3");
    await page.locator('input[name="uct_c"]').press("Enter");
    await page.waitForFunction(
      () => document.querySelector('[data-testid="level-label"]').dataset.customised === "true",
    );
    assert.equal(await label(page).innerText(), "Engine: Level 5 · Tactician, customised");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a link with level=2 opens level 2", async () => {
    const { context, page, problems } = await open("v=1&level=2");
    assert.equal(await label(page).innerText(), "Engine: Level 2 · Sprout");
    await openDialog(page);
    assert.ok(await page.locator('input[name="opponent"][value="2"]').isChecked());
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a finished game against a level updates the record, which survives a reload and can be cleared", async () => {
    const { context, page, problems } = await open(`${YOU_WIN_NEXT}&level=1`);
    await page.locator(`[data-square="${WINNING_SQUARE}"]`).click();
    assert.match(await status(page), /player 1 \(you\) wins/i);
    // The result line under the board, as lichess says it after a game.
    assert.equal(await page.locator('[data-testid="level-result"]').innerText(), "Your record against Level 1 · Pebble: 1–0");
    const first = await shownRecord(page, 1);
    assert.deepEqual([first.wins, first.losses], [1, 0]);
    assert.match(first.text, /^Won 1, lost 0 · last played \d{4}-\d\d-\d\d$/);
    // Undone and won again, the same game counts once.
    await page.locator('[data-testid="undo"]').click();
    await waitForMoves(page, YOU_WIN_PLIES);
    await page.locator(`[data-square="${WINNING_SQUARE}"]`).click();
    assert.equal((await shownRecord(page, 1)).wins, 1);
    // The next one is lost: you resign.
    await goTo(page, `${ENGINE_AHEAD}&level=1`);
    await page.locator('[data-testid="resign"]').click();
    await page.locator('[data-testid="confirm"] .confirm-yes').click();
    assert.match(await status(page), /player 2 \(engine\) wins/i);
    await page.reload();
    await page.locator("svg.board").waitFor();
    const kept = await shownRecord(page, 1);
    assert.deepEqual([kept.wins, kept.losses], [1, 1]);
    assert.ok(JSON.parse(await page.evaluate((key) => localStorage.getItem(key), RECORD_KEY)).v === 1);
    // Clearing asks first.
    await openDialog(page);
    await page.locator('[data-testid="clear-record"]').click();
    await page.locator('[data-testid="clear-record-no"]').click();
    assert.equal(await recordOf(page, 1).getAttribute("data-wins"), "1");
    await page.locator('[data-testid="clear-record"]').click();
    await page.locator('[data-testid="clear-record-yes"]').click();
    assert.equal(await recordOf(page, 1).innerText(), "Not played yet");
    assert.ok(await page.locator('[data-testid="clear-record"]').isDisabled());
    await closeDialog(page);
    await page.reload();
    await page.locator("svg.board").waitFor();
    assert.equal((await shownRecord(page, 1)).text, "Not played yet");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a custom game is not counted, and a corrupt record is reported, not fatal", async () => {
    const { context, page, problems } = await open(YOU_WIN_NEXT);
    await page.locator(`[data-square="${WINNING_SQUARE}"]`).click();
    assert.match(await status(page), /player 1 \(you\) wins/i);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), RECORD_KEY), null);
    await page.evaluate((key) => localStorage.setItem(key, '{"v":1,"levels":[{"level":3,"wins":"many"}]}'), RECORD_KEY);
    await goTo(page, `${YOU_WIN_NEXT}&level=3`);
    assert.match(await page.locator('[data-testid="notice"]').innerText(), /record against the levels could not be read/);
    await page.locator(`[data-square="${WINNING_SQUARE}"]`).click();
    assert.equal((await shownRecord(page, 3)).wins, 1, "a new record starts");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("three wins in a row suggest the next level, and its button starts it", async () => {
    const { context, page, problems } = await open("v=1&p1=human&p2=human");
    const twoWins = JSON.stringify({ v: 1, levels: [{ level: 1, wins: 2, losses: 1, streak: 2 }] });
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [RECORD_KEY, twoWins]);
    await goTo(page, `${YOU_WIN_NEXT}&level=1`);
    assert.equal(await page.locator('[data-testid="level-suggestion"]').count(), 0);
    await page.locator(`[data-square="${WINNING_SQUARE}"]`).click();
    const suggestion = page.locator('[data-testid="level-suggestion"]');
    await suggestion.waitFor();
    // Issue 62: the notice above the board pushed it down ~100 px; it comes
    // under the board now, where it cannot move it.
    const board = await page.locator("svg.board").boundingBox();
    const under = await suggestion.boundingBox();
    assert.ok(under.y >= board.y + board.height, `the suggestion at ${under.y}, the board's foot at ${board.y + board.height}`);
    assert.match(await suggestion.innerText(), /Three wins in a row against Level 1 · Pebble\. Ready for Level 2 · Sprout\?/);
    await page.locator('[data-testid="play-suggested-level"]').click();
    assert.equal(await label(page).innerText(), "Engine: Level 2 · Sprout");
    assert.deepEqual(await moveTexts(page), []);
    assert.equal(await page.locator("[data-square]").count(), 81, "the same board");
    assert.equal(await suggestion.count(), 0);
    assert.match((await shownRecord(page, 1)).text, /^Won 3, lost 1 \(3 in a row\)/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a win against a level on a small board stays out of the record, and the page says so", async () => {
    // Issue 62: one 3×3 or 5×5 win counted as a win against the level.
    const { context, page, problems } = await open(`${SMALL_YOU_WIN_NEXT}&level=10`);
    const unrated = page.locator('[data-testid="level-unrated"]');
    assert.match(await unrated.innerText(), /not in your record \(the levels are rated on 9×9 with 10 walls\)/);
    await page.locator('[data-square="c5"]').click();
    assert.match(await status(page), /player 1 \(you\) wins/i);
    assert.equal(await page.evaluate((key) => localStorage.getItem(key), RECORD_KEY), null);
    assert.equal((await shownRecord(page, 10)).text, "Not played yet");
    // On the standard board the note is gone and the game counts.
    await goTo(page, `${YOU_WIN_NEXT}&level=10`);
    assert.equal(await unrated.count(), 0);
    await page.locator(`[data-square="${WINNING_SQUARE}"]`).click();
    assert.equal((await shownRecord(page, 10)).wins, 1);
    assert.deepEqual(problems, []);
    await context.close();
  });
});
