// Browser tests of a release build in headless Chromium (Debian's, driven by
// playwright-core; no browser download). Run by scripts/test.sh as
//   QUORIDOR_DIST=dist QUORIDOR_PUBLIC_URL=/ node --test tests/browser/
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { BASE, DIST, TIMEOUT, launchChromium } from "./harness.mjs";
import { startServer } from "./server.mjs";

// The footer line once the engine worker answered the app's startup ping.
const READY = '.worker-status[data-worker="ready"]';

let browser;

before(async () => {
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
});

/** A fresh page (own profile, so no service worker or cache carries over) that records failures. */
async function openPage(url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT);
  const problems = [];
  const requests = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  context.on("request", (request) => requests.push(request.url()));
  context.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()} ${response.url()}`);
  });
  await page.goto(url);
  return { context, page, problems, requests };
}

describe(`web app built for ${BASE} (${DIST})`, () => {
  let server;
  before(async () => {
    server = await startServer({ root: DIST, base: BASE });
  });
  after(async () => {
    await server?.close();
  });

  test("page shows the board with 81 squares and two pawns", async () => {
    const { context, page, problems } = await openPage(server.url);
    await page.locator("svg.board").waitFor();
    assert.equal(await page.locator("svg.board rect.square").count(), 81);
    assert.equal(await page.locator("svg.board circle.pawn").count(), 2);
    assert.equal(await page.title(), "Quoridor");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("a browser without WebAssembly SIMD is told so instead of a blank page; this one is not", async () => {
    const { context, page, problems } = await openPage(server.url);
    await page.locator("svg.board").waitFor();
    assert.equal(await page.locator('[data-testid="unsupported"]').count(), 0);
    assert.deepEqual(problems, []);
    await context.close();

    // A browser without SIMD: its validator refuses the page's probe (a
    // module that uses one SIMD instruction), and the app's wasm, built with
    // SIMD, never starts (here: it never arrives).
    const old = await browser.newContext();
    await old.addInitScript(() => {
      const validate = WebAssembly.validate;
      WebAssembly.validate = (bytes) => !new Uint8Array(bytes).includes(253) && validate(bytes);
    });
    await old.route(/\.wasm$/, (route) => route.abort());
    const oldPage = await old.newPage();
    oldPage.setDefaultTimeout(TIMEOUT);
    await oldPage.goto(server.url);
    const note = oldPage.locator('[data-testid="unsupported"]');
    await note.waitFor();
    assert.match(await note.innerText(), /needs WebAssembly with SIMD/);
    assert.equal(await oldPage.locator("svg.board").count(), 0);
    await old.close();
  });

  test("engine worker answers the app's startup ping", async () => {
    const { context, page, problems } = await openPage(server.url);
    const ready = page.locator(READY);
    await ready.waitFor();
    assert.match(await ready.innerText(), /quoridor \d+\.\d+\.\d+/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test(`every file the app loads is under ${BASE}`, async () => {
    const { context, page, problems, requests } = await openPage(server.url);
    await page.locator(READY).waitFor();
    const paths = requests.map((url) => new URL(url)).filter((url) => url.protocol.startsWith("http"));
    for (const url of paths) {
      assert.ok(url.pathname.startsWith(BASE), `${url.pathname} is outside ${BASE}`);
    }
    const names = paths.map((url) => url.pathname.slice(BASE.length));
    for (const wanted of [/^app-[0-9a-f]+_bg\.wasm$/, /^worker_loader\.js$/, /^worker_bg\.wasm$/]) {
      assert.ok(names.some((name) => wanted.test(name)), `${wanted} not loaded; got ${names}`);
    }
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("manifest is linked and parses", async () => {
    const { context, page } = await openPage(server.url);
    const href = await page.evaluate(() => document.querySelector('link[rel="manifest"]').href);
    assert.equal(href, `${server.url}manifest.webmanifest`);
    const manifest = await (await fetch(href)).json();
    assert.equal(manifest.name, "Quoridor");
    assert.equal(manifest.start_url, "./");
    await context.close();
  });

  test("after one visit the app works offline (service worker)", async () => {
    // Its own server, so stopping it leaves the other tests alone.
    const own = await startServer({ root: DIST, base: BASE });
    const { context, page } = await openPage(own.url);
    // A service worker that fails to install never becomes ready: fail, not hang.
    const scope = await page.evaluate(() =>
      Promise.race([
        navigator.serviceWorker.ready.then((registration) => registration.scope),
        new Promise((_, reject) => setTimeout(() => reject(new Error("service worker not ready in 15 s")), 15_000)),
      ]),
    );
    assert.equal(scope, own.url);
    await page.locator(READY).waitFor();
    await own.close();
    await page.reload();
    await page.locator("svg.board").waitFor();
    await page.locator(READY).waitFor();
    await context.close();
  });
});
