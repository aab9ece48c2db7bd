// Screenshots of the page for the docs (docs/screenshots/): a desktop
// (1366x860) and a phone (390x844, touch), light and dark, on a first visit
// and at the end of a game, Your games and a review of the game, plus the
// README's picture of a game with the analysis on. Uses the browser tests' Chromium and server (no download).
//
//   trunk build --offline --release --dist dist && node scripts/screenshots.mjs [dist]
import { mkdirSync } from "node:fs";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, RETURNING_PLAYER_PREFS } from "../tests/browser/harness.mjs";
import { startServer } from "../tests/browser/server.mjs";

const dist = process.argv[2] ?? "dist";
const out = "docs/screenshots";
mkdirSync(out, { recursive: true });

/** A level-4 game that player 1 (you) won at the goal after 67 plies (an arena game). */
const WON =
  "v=1&level=4&moves=d1.e8.d2.e7.d3.e6.d4.e5.e4h.c5h.d5v.b4v.e5v.e6.e7v.e7.a5h.d3v.d8h.d2h.a1v.a8h.c7v." +
  "g6h.c4.b3h.b6h.d7.f8h.g4h.d4.c1h.d3.d6.d4.h7v.d3.c6.c3.b6.c2.a6.d2.a7.e2.a8.f2.b8.g2.c8.h2.c9.i2.d9.i3." +
  "e9.i4.f9.i5.g9.i6.h9.i7.i9.i8.i7.i9";
/** The same game at move 12, a person to move, analysed. */
const MIDDLE = "v=1&p1=human&p2=human&threads=1&moves=d1.e8.d2.e7.d3.e6.d4.e5.e4h.c5h.d5v.b4v.e5v.e6.e7v.e7.a5h.d3v.d8h.d2h.a1v.a8h.c7v";

const DESKTOP = { viewport: { width: 1366, height: 860 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true };

const server = await startServer({ root: dist, base: "/" });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: CHROMIUM_ARGS,
});

/**
 * Your games as a player has them after a few games: the lines of the
 * page's own stored form (`quoridor.games.v1`), newest first.
 */
const DAY = Date.UTC(2026, 11, 7, 18, 0);
const PAST_GAMES = [
  "quoridor past games v1",
  `${DAY + 3_600_000}\t1\t1\tgoal\tLevel 4 · Club player\t67\t${WON}`,
  // The first 31 plies of the same game, resigned there.
  `${DAY + 1_800_000}\t1\t2\tresigned\tLevel 4 · Club player\t31\t${WON.split(".").slice(0, 31).join(".")}&resigned=1`,
  `${DAY}\t-\t1\tgoal\ttwo players at one screen\t11\tv=1&size=5&walls=3&p1=human&p2=human&moves=c2.c4.b2.d4.b3.d3.a3v.d2.b4.c1h.b5`,
].join("\n");

/** One screenshot of `query` in a fresh profile; `returning` opens the panels. */
async function shoot(name, query, device, colorScheme, { returning = false, before, at, stored = {} } = {}) {
  const context = await browser.newContext({ ...device, colorScheme });
  const prefs = { ...(returning ? RETURNING_PLAYER_PREFS : {}), ...stored };
  await context.addInitScript((prefs) => {
    for (const [key, value] of Object.entries(prefs)) localStorage.setItem(key, value);
  }, prefs);
  const page = await context.newPage();
  await page.goto(`${server.url}${query ? `?${query}` : ""}`);
  await page.locator("svg.board").waitFor();
  if (before) await before(page);
  if (at) await page.locator(at).first().evaluate((e) => e.scrollIntoView({ block: "start" }));
  else await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png` });
  await context.close();
  console.log(`${out}/${name}.png`);
}

for (const [device, settings] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  for (const scheme of ["light", "dark"]) {
    await shoot(`${device}-${scheme}-first-visit`, "", settings, scheme);
    await shoot(`${device}-${scheme}-finished`, WON, settings, scheme, { returning: true });
    await shoot(`${device}-${scheme}-your-games`, WON, settings, scheme, {
      returning: true,
      stored: { "quoridor.games.v1": PAST_GAMES },
      before: async (page) => {
        await page.locator('[data-testid="your-games-open"]').click();
        await page.locator('[data-testid="past-game"]').first().waitFor();
      },
    });
    await shoot(`${device}-${scheme}-review`, WON, settings, scheme, {
      returning: true,
      at: '[data-testid="review-summary"]',
      before: async (page) => {
        await page.locator('[data-testid="review"]').click();
        await page.locator('[data-testid="review-summary"]').waitFor({ timeout: 120_000 });
      },
    });
  }
}
await shoot("desktop-light-analysis", MIDDLE, DESKTOP, "light", {
  returning: true,
  before: async (page) => {
    await page.locator('[data-testid="analysis-toggle"]').click();
    await page.waitForFunction(() => {
      const row = document.querySelector('[data-stat="elapsed"]');
      return row && Number(row.dataset.value) >= 3000;
    });
    await page.locator('[data-testid="analysis-toggle"]').click();
  },
});

await browser.close();
await server.close();
