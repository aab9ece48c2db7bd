// Screenshots of play a friend for the docs (docs/screenshots/online-*):
// a desktop (1366x860) that made a 5+3 game and waits with the invite link,
// then the same game live after a few moves on the desktop and on a phone
// (390x844, touch) that joined by the invite, light and dark. Runs a real
// `quoridor serve` (tests/browser/quoridor-serve.mjs) on a temporary SQLite file.
//
//   trunk build --offline --release --dist dist && cargo build -p quoridor-cli &&
//     node scripts/screenshots-online.mjs [dist]
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, RETURNING_PLAYER_PREFS } from "../tests/browser/harness.mjs";
import { startQuoridorServer } from "../tests/browser/quoridor-serve.mjs";

const dist = process.argv[2] ?? "dist";
const out = "docs/screenshots";
mkdirSync(out, { recursive: true });

const DESKTOP = { viewport: { width: 1366, height: 860 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

const server = await startQuoridorServer(dist);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });

async function context(device) {
  const context = await browser.newContext(device);
  await context.addInitScript((prefs) => {
    for (const [key, value] of Object.entries(prefs)) localStorage.setItem(key, value);
  }, RETURNING_PLAYER_PREFS);
  return context;
}

async function typeMove(page, text) {
  const box = page.locator('.move-input input[name="move"]');
  await box.fill(text);
  await box.press("Enter");
}

async function shoot(page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}.png` });
  console.log(`${out}/${name}.png`);
}

const host = await (await context(DESKTOP)).newPage();
await host.goto(server.url);
await host.locator("svg.board").waitFor();
await host.locator('[data-testid="new-game-button"]').click();
await host.locator('[data-testid="play-friend"]').click();
await host.locator('select[name="time_control"]').selectOption("5+3");
await host.locator('select[name="colour"]').selectOption("first");
await shoot(host, "online-desktop-light-new-game");
await host.locator('[data-testid="create-invite"]').click();
const invite = await host.locator('[data-testid="invite-link"]').inputValue();
await shoot(host, "online-desktop-light-invite");

const guest = await (await context(PHONE)).newPage();
await guest.goto(invite);
await guest.locator('[data-testid="online-status"]').filter({ hasText: "you play player 2" }).waitFor();
const moves = ["e2", "e8", "e3", "e7", "c6h", "e6", "e4", "f4h"];
for (const [i, mv] of moves.entries()) {
  const page = i % 2 === 0 ? host : guest;
  const other = i % 2 === 0 ? guest : host;
  await typeMove(page, mv);
  await other.waitForFunction((n) => document.querySelectorAll('[data-testid="move-list"] [data-move]').length === n, i + 1);
}
for (const scheme of ["light", "dark"]) {
  for (const [page, device] of [[host, "desktop"], [guest, "phone"]]) {
    await page.emulateMedia({ colorScheme: scheme });
    await shoot(page, `online-${device}-${scheme}-live`);
  }
}
await browser.close();
await server.close();
