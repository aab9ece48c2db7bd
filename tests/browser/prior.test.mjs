// Browser tests of what the network believes, shown in the page (issue 47,
// part 4): the prior column beside the visits, the prior in the tree
// explorer, and the policy overlay on the board, switched by the player and
// remembered, on a desktop and on a phone with touch. The expected priors
// come from the native `quoridor policy` of the same position, with the same
// network built in (QUORIDOR_BIN, else target/release or target/debug),
// never from what the page printed; the page's head is int8 (the native one
// F16), so priors agree within 0.02 (crates/learned: COMPACT_PRIOR_BOUND).
// Skipped when the network built in has no policy head. Run by
// scripts/test.sh as
//   QUORIDOR_DIST=dist QUORIDOR_PUBLIC_URL=/ node --test tests/browser/
import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { BASE, moveTexts, openTreeRoot, useBoardPages, waitForMoves } from "./harness.mjs";

const open = useBoardPages();

const TARGET = process.env.CARGO_TARGET_DIR ?? "target";
const BIN = process.env.QUORIDOR_BIN ?? [`${TARGET}/release/quoridor`, `${TARGET}/debug/quoridor`].find((p) => existsSync(p));
/** How far the page's int8 head's priors may be from the native F16 head's. */
const PRIOR_TOLERANCE = 0.02;

/**
 * The native network's priors after `moves`, as `Map(move → prior)`, most
 * likely first; `null` when the network built in has no policy head.
 */
function nativePolicy(moves) {
  assert.ok(BIN, "no native quoridor binary: build it (cargo build) or set QUORIDOR_BIN");
  let out;
  try {
    out = execFileSync(BIN, ["policy", ...moves], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    if (String(e.stderr).includes("no policy head")) return null;
    throw e;
  }
  return new Map(out.trim().split("\n").map((line) => {
    const [mv, prior] = line.split(" ");
    return [mv, Number(prior)];
  }));
}

const HEAD = nativePolicy([]) !== null;
const HUMANS = "v=1&p1=human&p2=human";
const legend = (page) => page.locator('[data-testid="policy-legend"]');
const toggle = (page) => page.locator('[data-testid="policy-toggle"]');
const marks = (page) => page.locator('[data-testid="policy-overlay"] .policy-mark');
/** The overlay's marks as `Map(move → { prior, opacity })`. */
const shading = (page) =>
  marks(page).evaluateAll((els) =>
    els.map((e) => [e.dataset.policy, { prior: Number(e.dataset.prior), opacity: Number(getComputedStyle(e).opacity) }]),
  ).then((entries) => new Map(entries));
/** `"3.9%"` → 3.9, `"<0.1%"` → 0. */
const percentOf = (text) => (text.startsWith("<") ? 0 : Number(text.replace("%", "")));

/** Asserts that the page's prior `p` of `mv` is the native one within the tolerance. */
function assertNear(native, mv, p) {
  assert.ok(native.has(mv), `${mv} is a legal move natively`);
  assert.ok(Math.abs(native.get(mv) - p) <= PRIOR_TOLERANCE, `${mv}: page ${p}, native ${native.get(mv)}`);
}

describe(`the network's priors in the page (${BASE})`, { skip: !HEAD && "the network built in has no policy head" }, () => {
  test("the prior column: percentages beside the visits, summing to at most 100, the best the native top move", async () => {
    const native = nativePolicy(["e2", "e8"]);
    const top = [...native.keys()][0];
    const { context, page, problems } = await open(`${HUMANS}&moves=e2.e8`);
    await page.locator('[data-testid="analysis-toggle"]').click();
    const bars = page.locator('[data-testid="visit-chart"] .visit-bar[data-prior]');
    await bars.first().waitFor();
    const rows = await bars.evaluateAll((els) =>
      els.map((e) => ({ mv: e.dataset.move, prior: Number(e.dataset.prior), text: e.querySelector(".visit-prior").textContent })),
    );
    assert.ok(rows.length > 1, `${rows.length} candidates`);
    for (const row of rows) {
      assert.match(row.text, /^(<0\.1|\d+(\.\d)?)%$/, `${row.mv}: ${row.text}`);
      assert.ok(Math.abs(percentOf(row.text) - 100 * row.prior) <= 0.5 || row.text.startsWith("<"), `${row.mv}: ${row.text} for ${row.prior}`);
      assertNear(native, row.mv, row.prior);
    }
    const sum = rows.reduce((s, r) => s + percentOf(r.text), 0);
    assert.ok(sum <= 100, `the shown priors sum to ${sum}%`);
    const best = rows.reduce((a, b) => (b.prior > a.prior ? b : a));
    assert.equal(best.mv, top, "the best prior is the network's top move natively");
    assert.match(await page.locator('[data-testid="visit-chart"] .visit-header').textContent(), /prior/);
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the tree explorer shows each child's prior, the native one", async () => {
    const native = nativePolicy(["e2", "e8"]);
    const { context, page, problems } = await open(`${HUMANS}&moves=e2.e8`);
    await page.locator('[data-testid="analysis-toggle"]').click();
    const { tree, children } = await openTreeRoot(page);
    await tree.locator('[data-node="0"] > ul > li[data-prior]').first().waitFor();
    const rows = await children.evaluateAll((els) =>
      els.map((e) => ({
        mv: e.dataset.move,
        prior: Number(e.dataset.prior),
        text: e.querySelector(":scope > .tree-row .tree-prior").textContent,
      })),
    );
    for (const row of rows) {
      assertNear(native, row.mv, row.prior);
      assert.match(row.text, /%$/, `${row.mv}: ${row.text}`);
    }
    assert.match(await tree.locator(".tree-header").innerText(), /prior/);
    // A child's children: their priors are of the child's position.
    const first = children.first();
    const below = nativePolicy(["e2", "e8", await first.getAttribute("data-move")]);
    await first.locator(":scope > .tree-row .tree-toggle").click();
    const grandchild = first.locator(":scope > ul > li[data-prior]").first();
    await grandchild.waitFor();
    assertNear(below, await grandchild.getAttribute("data-move"), Number(await grandchild.getAttribute("data-prior")));
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("the policy overlay: switched on, squares and grooves shaded by prior, remembered; switched off", async () => {
    const native = nativePolicy(["e2", "e8"]);
    const top = [...native.keys()][0];
    const { context, page, problems } = await open(`${HUMANS}&moves=e2.e8`);
    assert.equal(await marks(page).count(), 0, "off until switched on");
    assert.equal(await toggle(page).getAttribute("aria-pressed"), "false");
    await toggle(page).click();
    await marks(page).first().waitFor();
    assert.equal(await toggle(page).getAttribute("aria-pressed"), "true");
    const shaded = await shading(page);
    assert.ok([...shaded.keys()].some((mv) => /^[a-i][1-9]$/.test(mv)), "a square is shaded");
    assert.ok([...shaded.keys()].some((mv) => /[hv]$/.test(mv)), "a groove is shaded");
    for (const [mv, { prior }] of shaded) assertNear(native, mv, prior);
    // The likeliest move is the darkest, and the legend names it.
    const darkest = [...shaded].reduce((a, b) => (b[1].opacity > a[1].opacity ? b : a));
    assert.equal(darkest[0], top);
    assert.ok([...shaded.values()].some((s) => s.opacity < darkest[1].opacity), "shades differ");
    assert.equal(await legend(page).getAttribute("data-top"), top);
    assert.match(await legend(page).innerText(), new RegExp(`Policy: the network's prior .* likeliest ${top} \\d+%`));
    // A new position: the overlay follows the board.
    await page.locator('.move-input input[name="move"]').fill("e3");
    await page.keyboard.press("Enter");
    await waitForMoves(page, 3);
    const after = nativePolicy(["e2", "e8", "e3"]);
    await page.waitForFunction((t) => document.querySelector('[data-testid="policy-legend"]')?.dataset.top === t, [...after.keys()][0]);
    // Remembered across a reload; then switched off, and remembered so.
    await page.reload();
    await marks(page).first().waitFor();
    await toggle(page).click();
    await legend(page).waitFor({ state: "detached" });
    assert.equal(await marks(page).count(), 0);
    await page.reload();
    await page.locator("svg.board").waitFor();
    await page.waitForTimeout(500);
    assert.equal(await marks(page).count(), 0, "still off after a reload");
    assert.deepEqual(problems, []);
    await context.close();
  });

  test("on a phone: a tap switches the overlay on, and a tap on a shaded square still moves the pawn", async () => {
    const context = await open.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
      isMobile: true,
    });
    const { page, problems } = await open(`${HUMANS}&moves=e2.e8`, { context });
    await toggle(page).tap();
    await marks(page).first().waitFor();
    const native = nativePolicy(["e2", "e8"]);
    const top = [...native.keys()][0];
    assert.ok(/^[a-i][1-9]$/.test(top), `the top move ${top} is a step`);
    const mark = page.locator(`[data-testid="policy-overlay"] .policy-mark[data-policy="${top}"]`);
    await mark.scrollIntoViewIfNeeded();
    const box = await mark.boundingBox();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await waitForMoves(page, 3);
    assert.deepEqual((await moveTexts(page)).slice(-1), [top]);
    // The overlay now shows player 2's priors.
    const after = nativePolicy(["e2", "e8", top]);
    await page.waitForFunction((t) => document.querySelector('[data-testid="policy-legend"]')?.dataset.top === t, [...after.keys()][0]);
    assert.deepEqual(problems, []);
    await context.close();
  });
});

/**
 * Every text of the visit chart (its title, the column names, the moves, the
 * shares beside the bars and the priors) with the WCAG contrast ratio of its
 * colour (SVG: its fill) against the background it is drawn on: the first
 * ancestor's background that is not transparent.
 */
const chartContrasts = (page) =>
  page.locator(".visit-chart-panel").evaluate((panel) => {
    const rgba = (css) => {
      const [r, g, b, a = 1] = css.match(/[\d.]+/g).map(Number);
      return { r, g, b, a };
    };
    const luminance = ({ r, g, b }) => {
      const lin = (c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const bg = rgba(getComputedStyle(e).backgroundColor);
        if (bg.a > 0) return bg;
      }
      return { r: 255, g: 255, b: 255, a: 1 };
    };
    const bg = background(panel);
    const texts = [...panel.querySelectorAll("h3, svg text")];
    return texts.map((t) => {
      const style = getComputedStyle(t);
      const fg = rgba(t instanceof SVGElement ? style.fill : style.color);
      // A translucent colour shows the background through it.
      const a = fg.a * Number(style.fillOpacity ?? 1) * Number(style.opacity);
      const seen = { r: a * fg.r + (1 - a) * bg.r, g: a * fg.g + (1 - a) * bg.g, b: a * fg.b + (1 - a) * bg.b };
      const [hi, lo] = [luminance(seen), luminance(bg)].sort((x, y) => y - x);
      const kind = t.getAttribute("class") ?? t.parentElement.getAttribute("class") ?? t.tagName;
      const own = [...t.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join("");
      return { text: `${kind}: ${own.trim()}`, ratio: (hi + 0.05) / (lo + 0.05) };
    });
  });

describe(`the visit chart's texts (${BASE})`, () => {
  for (const scheme of ["light", "dark"]) {
    test(`every text of the visit chart has a contrast of at least 4.5 in the ${scheme} theme`, async () => {
      const context = await open.newContext({ colorScheme: scheme });
      const { page, problems } = await open(`${HUMANS}&moves=e2.e8`, { context });
      assert.equal(await page.locator("html").getAttribute("data-theme"), scheme);
      await page.locator('[data-testid="analysis-toggle"]').click();
      await page.locator('[data-testid="visit-chart"] .visit-bar').nth(1).waitFor();
      // With a policy head, the prior column and its header too.
      if (HEAD) await page.locator('[data-testid="visit-chart"] .visit-header').waitFor();
      const texts = await chartContrasts(page);
      const kinds = new Set(texts.map((t) => t.text.split(":")[0]));
      for (const kind of ["visit-move", "visit-share", ...(HEAD ? ["visit-prior", "visit-header"] : [])]) {
        assert.ok(kinds.has(kind), `a ${kind} text among ${[...kinds]}`);
      }
      const unreadable = texts.filter((t) => !(t.ratio >= 4.5)).map((t) => `${t.text} (${t.ratio.toFixed(2)})`);
      assert.deepEqual(unreadable, [], `texts under 4.5:1 in the ${scheme} theme`);
      assert.deepEqual(problems, []);
      await context.close();
    });
  }
});
