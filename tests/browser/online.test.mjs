// Play a friend (issue 60): two people on two devices play one live game
// through our server. A real `quoridor serve` on a real SQLite file in a
// temporary folder serves the build; a desktop context makes the game and
// sends the invite, a phone context (touch) takes the other seat; moves
// cross within a moment, both clocks tick, a reload reconnects to the seat,
// a spectator watches, a second tab takes the seat over, resigning ends the
// game for both, and a rematch moves both to a new room, colours swapped.
// Without our server (the static host of the other tests) "Play a friend"
// says what it needs and offers play by link.
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { BIN, startQuoridorServer } from "./quoridor-serve.mjs";
import { BASE, DIST, TIMEOUT, launchChromium, moveTexts, returningPlayerContext, useBoardPages, waitForMoves } from "./harness.mjs";

const status = (page) => page.locator('[data-testid="online-status"]');
const moveBox = (page) => page.locator('.move-input input[name="move"]');

async function typeMove(page, text) {
  await moveBox(page).fill(text);
  await moveBox(page).press("Enter");
}

/** Opens `url` in `context`, collecting page errors in `problems`. */
async function openAt(context, url, problems) {
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  await page.goto(url);
  await page.locator("svg.board").waitFor();
  return page;
}

/** A clock's milliseconds, and whether it runs. */
async function clock(page, n) {
  const el = page.locator(`[data-testid="clock-${n}"]`);
  return { ms: Number(await el.getAttribute("data-ms")), running: (await el.getAttribute("data-running")) === "true" };
}

/** A Chromium and a `quoridor serve` of the build for the suite, started before its tests. */
function useBrowserAndServer() {
  const live = {};
  before(async () => {
    assert.ok(existsSync(BIN), `no ${BIN}: build the command line first (cargo build)`);
    live.browser = await launchChromium();
    live.server = await startQuoridorServer(DIST, BASE);
  });
  after(async () => {
    await live.browser?.close();
    await live.server?.close();
  });
  return live;
}

/** A desktop browser context and a phone's (touch), as returning players. */
async function twoDevices(browser) {
  const desktop = await returningPlayerContext(browser, { viewport: { width: 1366, height: 860 } });
  const phone = await returningPlayerContext(browser, {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    isMobile: true,
  });
  return { desktop, phone };
}

/** New game → Play a friend on `page`, moving first: the invite link. */
async function createInvite(page, { size, control }) {
  await page.locator('[data-testid="new-game-button"]').click();
  await page.locator('[data-testid="play-friend"]').click();
  if (size) await page.locator('select[name="board_size"]').selectOption(size);
  await page.locator('select[name="time_control"]').selectOption(control);
  await page.locator('select[name="colour"]').selectOption("first");
  await page.locator('[data-testid="create-invite"]').click();
  return page.locator('[data-testid="invite-link"]').inputValue();
}

// Served under the path the build was made for (`--base-path`), at / and
// at /sub/path/ in the two runs of scripts/test.sh.
describe(`play a friend through our server, the page at ${BASE}`, () => {
  const live = useBrowserAndServer();
  const problems = [];

  test("a desktop and a phone play a live game: invite, moves, clocks, reconnection, spectators, take-over, resign, rematch", async () => {
    const { browser, server } = live;
    const { desktop, phone } = await twoDevices(browser);
    const host = await openAt(desktop, server.url, problems);

    // New game → Play a friend: 3+2, moving first → the invite link.
    const invite = await createInvite(host, { control: "3+2" });
    assert.match(invite, /#join\/[A-Za-z0-9]+\/[0-9a-f]+$/, "an invite with a one-use code");
    const room = invite.match(/#join\/([A-Za-z0-9]+)\//)[1];
    assert.equal(new URL(host.url()).hash, `#play/${room}`, "the host's address names the room, never a secret");
    await assert.doesNotReject(status(host).filter({ hasText: "you play player 1" }).waitFor());

    // The phone opens the invite and takes the other seat.
    const guest = await openAt(phone, invite, problems);
    await status(guest).filter({ hasText: "you play player 2" }).waitFor();
    assert.equal(new URL(guest.url()).hash, `#play/${room}`, "the used invite leaves the address");
    await host.locator('[data-testid="invite-link"]').waitFor({ state: "detached" });
    for (const page of [host, guest]) {
      assert.equal((await clock(page, 1)).ms, 180_000);
      assert.equal((await clock(page, 2)).ms, 180_000);
    }

    // Moves cross at once; the phone moves by touch.
    await typeMove(host, "e2");
    const started = Date.now();
    await waitForMoves(guest, 1);
    assert.ok(Date.now() - started < 3000, "the other's move shows within moments");
    const target = guest.locator('[data-square="e8"]');
    const box = await target.boundingBox();
    await guest.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await waitForMoves(host, 2);
    assert.deepEqual(await moveTexts(host), ["e2", "e8"]);
    assert.equal(await host.locator('[data-testid="status"]').innerText(), "Your move");
    await guest.locator('[data-testid="status"]').filter({ hasText: "Your opponent's move" }).waitFor();
    // No engine help and no take-backs in a live game between people.
    for (const page of [host, guest]) {
      for (const id of ["policy-toggle", "undo", "redo", "engine-panel"]) {
        assert.equal(await page.locator(`[data-testid="${id}"]`).count(), 0, `no ${id} during the game`);
      }
    }
    // Not the phone's turn: refused, nothing sent.
    await typeMove(guest, "e7");
    assert.deepEqual(await moveTexts(guest), ["e2", "e8"]);
    // Both have moved: player 1's clock runs on both screens.
    await host.waitForFunction(() => document.querySelector('[data-testid="clock-1"]').dataset.running === "true");
    const first = await clock(host, 1);
    await host.waitForTimeout(600);
    const later = await clock(host, 1);
    assert.ok(later.ms < first.ms, `the running clock ticks (${first.ms} → ${later.ms})`);
    assert.equal((await clock(guest, 1)).running, true);
    assert.equal((await clock(host, 2)).ms, 182_000, "player 2 got the 2 s increment");

    // The phone reloads: back in its seat, the game as the server holds it.
    await guest.reload();
    await guest.locator("svg.board").waitFor();
    await status(guest).filter({ hasText: "you play player 2" }).waitFor();
    assert.deepEqual(await moveTexts(guest), ["e2", "e8"]);

    // A spectator watches live; the players see the count.
    const watcher = await openAt(await returningPlayerContext(browser), server.url + `#watch/${room}`, problems);
    await status(watcher).filter({ hasText: "Watching" }).waitFor();
    await status(host).filter({ hasText: "1 watching" }).waitFor();
    await typeMove(watcher, "e3");
    assert.deepEqual(await moveTexts(watcher), ["e2", "e8"], "a spectator cannot move");
    await typeMove(host, "e3");
    await waitForMoves(watcher, 3);
    await waitForMoves(guest, 3);

    // A second tab of the host takes the seat over; the first says so.
    const second = await openAt(desktop, server.url + `#play/${room}`, problems);
    await status(second).filter({ hasText: "you play player 1" }).waitFor();
    await host.locator('[data-testid="take-over"]').waitFor();
    await second.close();
    await host.locator('[data-testid="take-over"]').click();
    await status(host).filter({ hasText: "you play player 1" }).waitFor();

    // The phone resigns; both see the result.
    await guest.locator('[data-testid="resign"]').tap();
    await guest.locator('[data-testid="confirm"] .confirm-yes').tap();
    for (const page of [host, guest, watcher]) {
      await page.locator('[data-testid="online-result"]').filter({ hasText: "resigned" }).waitFor();
    }
    assert.match(await host.locator('[data-testid="online-result"]').innerText(), /Your opponent resigned: player 1 won/);
    assert.match(await guest.locator('[data-testid="status"]').innerText(), /You resigned: player 1 won/);
    // Over: the network's policy may be shown again.
    await host.locator('[data-testid="policy-toggle"]').waitFor();

    // Rematch: offered by the host, accepted on the phone; colours swap.
    await host.locator('[data-testid="offer-rematch"]').click();
    await guest.locator('[data-testid="accept-rematch"]').tap();
    await status(guest).filter({ hasText: "you play player 1" }).waitFor();
    await status(host).filter({ hasText: "you play player 2" }).waitFor();
    assert.notEqual(new URL(host.url()).hash, `#play/${room}`, "the rematch plays in a room of its own");
    assert.deepEqual(await moveTexts(host), []);

    assert.deepEqual(problems, []);
    await desktop.close();
    await phone.close();
  });
});

describe(`play a friend through our server, across a crash: the page at ${BASE}`, () => {
  const live = useBrowserAndServer();

  test("a used invite gets no seat; a server killed mid-game comes back with it; a whole game to the goal; a flag on the clock", { timeout: 240_000 }, async () => {
    const { browser, server } = live;
    const problems = [];
    const { desktop, phone } = await twoDevices(browser);
    const host = await openAt(desktop, server.url, problems);
    const invite = await createInvite(host, { size: "5", control: "1+0" });
    const room = invite.match(/#join\/([A-Za-z0-9]+)\//)[1];
    const guest = await openAt(phone, invite, problems);
    await status(guest).filter({ hasText: "you play player 2" }).waitFor();

    // A third browser opens the used invite: no seat, it watches.
    const third = await openAt(await returningPlayerContext(browser), invite, problems);
    await status(third).filter({ hasText: "Watching" }).waitFor();
    await third.getByText("this invite is used up").first().waitFor();
    await typeMove(third, "c2");
    assert.deepEqual(await moveTexts(third), [], "the third browser cannot move");

    await typeMove(host, "c2");
    await waitForMoves(guest, 1);
    await typeMove(guest, "c4");
    await waitForMoves(host, 2);

    // The server is killed mid-game and started again on its database:
    // every page reconnects by itself to the game as it was.
    await server.restart("SIGKILL");
    for (const page of [host, guest, third]) {
      await status(page).filter({ hasText: /you play player|Watching/ }).waitFor();
    }
    await host.locator('[data-testid="online-status"]').filter({ hasText: "you play player 1" }).waitFor();
    assert.deepEqual(await moveTexts(guest), ["c2", "c4"]);

    // On to the goal: player 2 jumps player 1 and reaches row 1 first.
    for (const [page, other, mv, count] of [
      [host, guest, "c3", 3],
      [guest, host, "c2", 4],
      [host, guest, "c4", 5],
      [guest, host, "c1", 6],
    ]) {
      await typeMove(page, mv);
      await waitForMoves(other, count);
    }
    await host.locator('[data-testid="online-result"]').filter({ hasText: "reached the goal" }).waitFor();
    assert.match(await guest.locator('[data-testid="online-result"]').innerText(), /You reached the goal: player 2 won/);
    await third.locator('[data-testid="online-result"]').filter({ hasText: "Player 2 reached the goal" }).waitFor();

    // The rematch, colours swapped; the phone (player 1 now) and the
    // desktop move once each, and then the phone lets its minute run out.
    await host.locator('[data-testid="offer-rematch"]').click();
    await guest.locator('[data-testid="accept-rematch"]').tap();
    await status(guest).filter({ hasText: "you play player 1" }).waitFor();
    await status(host).filter({ hasText: "you play player 2" }).waitFor();
    assert.notEqual(new URL(host.url()).hash, `#play/${room}`);
    await typeMove(guest, "c2");
    await waitForMoves(host, 1);
    await typeMove(host, "c4");
    await waitForMoves(guest, 2);
    await guest.waitForFunction(() => document.querySelector('[data-testid="clock-1"]').dataset.running === "true");
    const flagged = { timeout: 90_000 };
    await guest.locator('[data-testid="online-result"]').filter({ hasText: "ran out of time" }).waitFor(flagged);
    assert.match(await guest.locator('[data-testid="online-result"]').innerText(), /You ran out of time: player 2 won/);
    await host.locator('[data-testid="online-result"]').filter({ hasText: "Your opponent ran out of time" }).waitFor();
    assert.equal((await clock(host, 1)).ms, 0, "the fallen clock reads 0");

    // While the server was down the pages said so in the console (a
    // refused WebSocket, a failed fetch); nothing else went wrong.
    const unexpected = problems.filter((p) => !/WebSocket|ERR_CONNECTION_REFUSED|Failed to load resource/.test(p));
    assert.deepEqual(unexpected, []);
    await desktop.close();
    await phone.close();
  });
});

describe("play a friend without our server", () => {
  const open = useBoardPages();
  test("says what it needs and offers play by link, whose moves make links", async () => {
    const { page, problems } = await open();
    await page.locator('[data-testid="new-game-button"]').click();
    await page.locator('[data-testid="play-friend"]').click();
    await page.locator('[data-testid="no-server"]').waitFor();
    assert.match(await page.locator('[data-testid="no-server"]').innerText(), /quoridor serve/);
    await page.locator('[data-testid="play-by-link"]').click();
    await typeMove(page, "e2");
    const link = await page.locator('[data-testid="by-link-url"]').inputValue();
    assert.match(link, /moves=e2/);
    // The friend opens the link and answers: their link holds both moves.
    const friend = await page.context().newPage();
    await friend.goto(link);
    await friend.locator("svg.board").waitFor();
    await waitForMoves(friend, 1);
    await typeMove(friend, "e8");
    assert.match(await friend.locator('[data-testid="by-link-url"]').inputValue(), /moves=e2\.e8/);
    // The one expected failure: the health check a static host answers with 404.
    const unexpected = problems.filter((p) => !/status of 404/.test(p));
    assert.deepEqual(unexpected, []);
  });

  test("a game on this device on a clock: both clocks shown, running once both have moved, the engine answering within its time", async () => {
    const { page, problems } = await open();
    await page.locator('[data-testid="new-game-button"]').click();
    await page.locator('select[name="clock"]').selectOption("3+2");
    await page.locator('[data-testid="start"]').click();
    assert.equal((await clock(page, 1)).ms, 180_000);
    assert.equal((await clock(page, 2)).ms, 180_000);
    await typeMove(page, "e2");
    // The engine (player 2) answers, and then player 1's clock runs.
    await waitForMoves(page, 2);
    await page.waitForFunction(() => document.querySelector('[data-testid="clock-1"]').dataset.running === "true");
    const engine = await clock(page, 2);
    assert.ok(engine.ms <= 182_000 && engine.ms > 170_000, `the engine kept most of its time (${engine.ms})`);
    const first = await clock(page, 1);
    await page.waitForTimeout(500);
    assert.ok((await clock(page, 1)).ms < first.ms, "player 1's clock ticks");
    // No take-backs on a clock.
    await page.locator('[data-testid="undo"], button:has-text("Undo")').first().click();
    assert.equal((await moveTexts(page)).length, 2);
    // A reload goes on with the clocks, the time away counted.
    const before = await clock(page, 1);
    await page.reload();
    await page.locator('[data-testid="clock-1"]').waitFor();
    const after = await clock(page, 1);
    assert.equal(after.running, true, "player 1's clock still runs");
    assert.ok(after.ms < before.ms && after.ms > before.ms - 30_000, `${before.ms} → ${after.ms}`);
    assert.equal((await clock(page, 2)).ms, engine.ms, "the engine's clock stood still");
    assert.deepEqual(problems, []);
  });
});
