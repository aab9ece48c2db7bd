// Screenshots of the page for the docs (docs/screenshots/): a desktop
// (1366x860) and a phone (390x844, touch), light and dark, on a first visit
// and at the end of a game, plus the README's picture of a game with the
// analysis on. Uses the browser tests' Chromium and server (no download).
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

/** One screenshot of `query` in a fresh profile; `returning` opens the panels. */
async function shoot(name, query, device, colorScheme, { returning = false, before } = {}) {
  const context = await browser.newContext({ ...device, colorScheme });
  if (returning) {
    await context.addInitScript((prefs) => {
      for (const [key, value] of Object.entries(prefs)) localStorage.setItem(key, value);
    }, RETURNING_PLAYER_PREFS);
  }
  const page = await context.newPage();
  await page.goto(`${server.url}${query ? `?${query}` : ""}`);
  await page.locator("svg.board").waitFor();
  if (before) await before(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png` });
  await context.close();
  console.log(`${out}/${name}.png`);
}

for (const [device, settings] of [["desktop", DESKTOP], ["phone", PHONE]]) {
  for (const scheme of ["light", "dark"]) {
    await shoot(`${device}-${scheme}-first-visit`, "", settings, scheme);
    await shoot(`${device}-${scheme}-finished`, WON, settings, scheme, { returning: true });
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
