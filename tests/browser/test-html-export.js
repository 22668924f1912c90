#!/usr/bin/env node
/* test-html-export.js: opens pages from `hearth --export OUT.html` in Chromium and drives them.
 *
 * Copyright 2026 The Hearth authors
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: test-html-export.js HEARTH DATA_DIR EXAMPLES_DIR
 *
 * Writes TAP. Skips (and passes) when Chromium or the playwright-core package is missing:
 * build-aux/setup-browser installs both. Screenshots go to $HEARTH_SCREENSHOT_DIR (default
 * /tmp) as html-*.png, to be looked at.
 */

'use strict';

const childProcess = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const CHROMIUM = process.env.HEARTH_CHROMIUM || '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic',
];
const SHOTS = process.env.HEARTH_SCREENSHOT_DIR || os.tmpdir();
const HOSTILE_NAME = '</script><script>window.__hearthPwned=1</script>';
const HOSTILE_IMG = '<img src=x onerror=window.__hearthPwned=2>';
const HOSTILE_FILE = '/srv/a&b/<c>"d\'/evil.py';

function skip (reason) {
  console.log('1..1');
  console.log('ok 1 # SKIP ' + reason);
  process.exit(0);
}

const [hearth, dataDir, examplesDir] = process.argv.slice(2);

if (!hearth || !dataDir || !examplesDir)
  skip('usage: test-html-export.js HEARTH DATA_DIR EXAMPLES_DIR');
if (!fs.existsSync(CHROMIUM))
  skip(CHROMIUM + ' is not installed (build-aux/setup-browser installs it)');

let chromium;
try {
  ({ chromium } = require(path.join(__dirname, 'node_modules', 'playwright-core')));
} catch (error) {
  skip('playwright-core is not installed (build-aux/setup-browser installs it)');
}

/* TAP ------------------------------------------------------------------------------------------ */

const results = [];

async function check (name, body) {
  try {
    await body();
    results.push({ ok: true, name: name });
  } catch (error) {
    results.push({ ok: false, name: name, error: error });
  }
}

function assert (condition, message) {
  if (!condition)
    throw new Error(message);
}

function near (a, b, tolerance, what) {
  assert(Math.abs(a - b) <= tolerance, `${what}: ${a}, expected ${b} (± ${tolerance})`);
}

/* Pages ---------------------------------------------------------------------------------------- */

function run (args) {
  return childProcess.execFileSync(hearth, args, {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function exportPage (dir, name, args) {
  const out = path.join(dir, name);

  run(['--export', out].concat(args));
  return out;
}

/* `hearth --print bars`: depth, left, width, low, high, flags, chain */
function printBars (args) {
  return run(['--print', 'bars'].concat(args)).split('\n').filter((line) => line !== '')
    .map((line) => {
      const f = line.split('\t');
      return { depth: +f[0], left: +f[1], width: +f[2], chain: f.slice(6).join('\t').split(';') };
    });
}

/* the last component of a `file:line:name` chain element */
function frameName (element) {
  const parts = element.split(':');
  return parts[parts.length - 1];
}

/* a seeded generator, so the big tree is the same every run */
function random (seed) {
  return function () {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/* Folded stacks with about @n distinct stacks: each new stack extends an earlier one by a
 * frame, recent ones more often; heavy-tailed weights; chains up to 48 deep. About one bar a
 * stack once laid out with no cutoff. */
function bigFolded (n) {
  const rand = random(20260101);
  const stacks = ['main;run_all'];
  const depth = [2];
  const seen = new Set(stacks);
  let attempts = 0;

  while (stacks.length < n && attempts++ < n * 20) {
    const u = rand();
    const from = stacks.length - 1 - Math.floor((stacks.length - 1) * u * u * u);
    if (depth[from] >= 48)
      continue;
    const v = rand();
    const f = Math.floor(4000 * v * v * v);
    const stack = stacks[from] + `;m${f % 97}.C${f % 13}.method_${f}`;
    if (seen.has(stack))
      continue;
    seen.add(stack);
    stacks.push(stack);
    depth.push(depth[from] + 1);
  }
  return stacks.map((s) => `${s} ${Math.floor(30 + 40 / Math.pow(Math.max(rand(), 1e-6), 0.9))}`)
    .join('\n') + '\n';
}

function hostileFolded () {
  return [
    `<module> (app.py:1);main (app.py:5);${HOSTILE_NAME} (${HOSTILE_FILE}:3);leaf (app.py:9) 60`,
    `<module> (app.py:1);main (app.py:5);${HOSTILE_IMG} (app.py:7) 30`,
    '<module> (app.py:1);main (app.py:5);helper &amp; "quoted" (app.py:11) 10',
  ].join('\n') + '\n';
}

/* Driving a page ------------------------------------------------------------------------------- */

async function open (context, file) {
  const page = await context.newPage();
  const errors = [];
  const requests = [];

  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error')
      errors.push(message.text());
  });
  page.on('request', (request) => requests.push(request.url()));
  page.on('dialog', (dialog) => {
    errors.push('a dialog opened: ' + dialog.message());
    dialog.dismiss();
  });
  const start = Date.now();
  await page.goto('file://' + file);
  await page.waitForSelector('#graph[data-frame]');
  page.hearth = { errors: errors, requests: requests, file: file, loadMs: Date.now() - start };
  return page;
}

/* the bars the page draws, with their rectangles in page pixels */
function bars (page) {
  return page.$$eval('#bars g[data-n]', (groups) => groups.map((g) => {
    const rect = g.querySelector('rect');
    const label = g.querySelector('text');
    return {
      n: g.getAttribute('data-n'),
      x: +rect.getAttribute('x'),
      y: +rect.getAttribute('y'),
      w: g.getBBox().width,
      label: label ? label.textContent : null,
    };
  }));
}

/* the middle of a bar (or a point @dx from its left edge), scrolled into view */
async function barPoint (page, n, dx) {
  const rect = await page.$(`#bars g[data-n="${n}"] rect`);

  await rect.scrollIntoViewIfNeeded();
  const box = await rect.boundingBox();
  return { x: box.x + (dx === undefined ? box.width / 2 : dx), y: box.y + box.height / 2 };
}

async function clickBar (page, n, dx) {
  const point = await barPoint(page, n, dx);

  await page.mouse.click(point.x, point.y);
  return point;
}

async function hoverBar (page, n, dx) {
  const point = await barPoint(page, n, dx);

  await page.mouse.move(point.x, point.y);
  await page.waitForSelector('#tip:not([hidden])');
  return page.textContent('#tip');
}

function pageData (page) {
  return page.evaluate(() => JSON.parse(document.getElementById('hearth-data').textContent));
}

/* the geometry as the page lays it out now: as Hearth wrote it, the bars' right edge moved
 * with the width the page takes in the window */
async function geometry (page) {
  const data = await pageData(page);
  const width = +(await page.getAttribute('#graph', 'width'));

  data.geo.right += width - data.width;
  return data.geo;
}

function focused (page) {
  return page.evaluate(() => document.activeElement.id);
}

async function frameAfter (page, action) {
  const before = await page.getAttribute('#graph', 'data-frame');
  const start = Date.now();

  await action();
  await page.waitForFunction(
    (old) => document.getElementById('graph').getAttribute('data-frame') !== old, before);
  return Date.now() - start;
}

function clean (page) {
  assert(page.hearth.errors.length === 0, 'errors in the page: ' + page.hearth.errors.join('; '));
  const foreign = page.hearth.requests.filter((url) => url !== 'file://' + page.hearth.file);
  assert(foreign.length === 0, 'the page loaded ' + foreign.join(', '));
}

async function screenshot (page, name) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `html-${name}.png`), fullPage: true });
}

/* Tests ---------------------------------------------------------------------------------------- */

async function main () {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hearth-browser-'));
  const profileDir = path.join(dir, 'chromium-profile');
  const plainData = path.join(dataDir, 'plain_folded.txt');
  const before = path.join(examplesDir, 'before.prof');
  const after = path.join(examplesDir, 'after.prof');
  const hostile = path.join(dir, 'hostile.folded');
  const big = path.join(dir, 'big.folded');
  let context = null;

  fs.writeFileSync(hostile, hostileFolded());
  fs.writeFileSync(big, bigFolded(210000));
  fs.mkdirSync(profileDir);

  const plainPage = exportPage(dir, 'plain.html', [plainData]);
  const plainBars = printBars([plainData]);
  const estimatedPage = exportPage(dir, 'estimated.html',
                                   [path.join(dataDir, 'cprofile_py312.prof')]);
  const comparePage = exportPage(dir, 'compare.html', ['--compare', before, after]);
  const hostilePage = exportPage(dir, 'hostile.html', ['--title', HOSTILE_NAME, hostile]);
  const bigPage = exportPage(dir, 'big.html', ['--cutoff', '0', big]);
  const bigBars = printBars(['--cutoff', '0', big]).length;

  try {
    /* a fresh profile each run: nothing remembered between runs */
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport: { width: 1280, height: 900 },
      offline: true,
    });

    await check('the page draws one bar per bar of `hearth --print bars`', async () => {
      const page = await open(context, plainPage);
      const drawn = await bars(page);

      assert(drawn.length === plainBars.length,
             `${drawn.length} bars drawn, ${plainBars.length} printed`);
      assert(await page.$$eval('script', (s) => s.length) === 2, 'two script elements');
      await screenshot(page, 'plain');
      clean(page);
      await page.close();
    });

    await check('clicking the widest bar zooms it to the full width, callers as breadcrumbs',
                async () => {
      const page = await open(context, plainPage);
      const geo = await geometry(page);
      const full = geo.right - geo.left;
      const drawn = await bars(page);
      const candidates = drawn.filter((b) => b.w < full * 0.9);
      const widest = candidates.reduce((a, b) => (b.w > a.w ? b : a));

      await frameAfter(page, () => clickBar(page, widest.n));
      const zoomed = (await bars(page)).find((b) => b.n === widest.n);
      assert(zoomed, 'the bar is still drawn');
      near(zoomed.x, geo.left, 0.5, 'left edge');
      near(zoomed.w, full - 1, 1, 'width');

      const crumbs = await page.$$eval('#crumbs button', (b) => b.length);
      assert(crumbs >= 2, 'breadcrumbs from the root to the bar');
      const current = await page.$eval('#crumbs button[aria-current]', (b) => b.textContent);
      assert(widest.label === null || current.startsWith(widest.label.replace('\u2026', '')),
             `the last breadcrumb is the bar: ${current}`);
      assert(!(await page.$eval('#reset', (b) => b.disabled)), 'Reset Zoom is enabled');
      await screenshot(page, 'zoomed');

      await frameAfter(page, () => page.click('#reset'));
      const reset = (await bars(page)).find((b) => b.n === widest.n);
      near(reset.w, widest.w, 0.5, 'width after Reset Zoom');
      assert(await page.$eval('#reset', (b) => b.disabled), 'Reset Zoom is disabled again');
      clean(page);
      await page.close();
    });

    await check('the page fills the window\'s width and fits the labels again on resize',
                async () => {
      const page = await open(context, estimatedPage);
      const clientWidth = () => page.evaluate(() => document.documentElement.clientWidth);
      const svgWidth = async () => +(await page.getAttribute('#graph', 'width'));
      const rootWidth = async () => (await bars(page)).find((b) => b.n === '0:0').w;
      /* every label inside its bar */
      const labelsFit = () => page.$$eval('#bars g[data-n]', (groups) => groups.every((g) => {
        const label = g.querySelector('text');
        return label === null ||
               label.getComputedTextLength() <= +g.querySelector('rect').getAttribute('width');
      }));
      const labels = async () => (await bars(page)).map((b) => b.label).join('|');

      near(await svgWidth(), await clientWidth(), 0, 'width at first');
      const wide = await rootWidth();
      const wideLabels = await labels();
      assert(await labelsFit(), 'the labels fit their bars');

      await frameAfter(page, () => page.setViewportSize({ width: 640, height: 900 }));
      near(await svgWidth(), await clientWidth(), 0, 'width in a narrow window');
      const narrow = await rootWidth();
      assert(narrow < wide * 0.6, `the root shrinks with the window: ${wide} -> ${narrow}`);
      assert(await labelsFit(), 'the labels fit their narrower bars');
      assert(await labels() !== wideLabels, 'labels are shortened to fit');
      await screenshot(page, 'narrow');

      await frameAfter(page, () => page.setViewportSize({ width: 1600, height: 900 }));
      near(await svgWidth(), await clientWidth(), 0, 'width in a wide window');
      assert(await rootWidth() > wide, 'the root grows with the window');
      assert(await labelsFit(), 'the labels fit their wider bars');
      clean(page);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.close();
    });

    await check('a search shows the matched share, nested matches counted once', async () => {
      const page = await open(context, plainPage);
      const total = plainBars.find((b) => b.depth === 0).width;
      const re = /crunch|shared_helper/i;
      let share = 0;

      for (const bar of plainBars) {
        const names = bar.chain.map(frameName);
        if (re.test(names[names.length - 1]) && !names.slice(0, -1).some((n) => re.test(n)))
          share += bar.width;
      }
      await page.keyboard.press('/');
      assert(await focused(page) === 'search', '/ focuses the search');
      await frameAfter(page, () => page.keyboard.type('crunch|shared_helper'));
      const text = await page.textContent('#matched');
      const expected = (100 * share / total).toFixed(1) + '%';
      assert(text.includes(expected), `"${text}" shows ${expected}`);
      const dimmedOrMatched = await page.$$eval('#bars g[data-n] rect[stroke]', (r) => r.length);
      assert(dimmedOrMatched > 0, 'matching bars are outlined');
      await screenshot(page, 'search');

      await frameAfter(page, () => page.keyboard.press('Escape'));
      assert((await page.inputValue('#search')) === '', 'Escape clears the search');
      assert((await page.textContent('#matched')) === '', 'and the share');

      await page.keyboard.press('Control+f');
      assert(await focused(page) === 'search', 'Ctrl+F focuses it');
      await page.keyboard.type('(unclosed');
      await page.waitForSelector('#search.invalid');
      clean(page);
      await page.close();
    });

    await check('flame and icicle; the script lays bars out as Hearth drew them', async () => {
      for (const file of [plainPage, estimatedPage, comparePage]) {
        const page = await open(context, file);
        const drawn = await bars(page);
        const root = drawn.find((b) => b.n === '0:0');

        await frameAfter(page, () => page.click('#orient'));
        const flipped = (await bars(page)).find((b) => b.n === '0:0');
        assert(flipped.y < root.y, `the root moves to the top: ${root.y} -> ${flipped.y}`);
        if (file === plainPage)
          await screenshot(page, 'icicle');

        /* back to a flame: every bar where the drawing from Hearth had it */
        await frameAfter(page, () => page.click('#orient'));
        const again = await bars(page);
        assert(again.length === drawn.length, `${again.length} bars, ${drawn.length} before`);
        drawn.forEach((bar, i) => {
          const other = again[i];
          assert(other.n === bar.n && other.x === bar.x && other.y === bar.y &&
                 Math.abs(other.w - bar.w) < 0.01,
                 `bar ${bar.n} at ${bar.x},${bar.y} ${bar.w} wide, drawn again at ` +
                 `${other.n} ${other.x},${other.y} ${other.w} wide`);
        });
        clean(page);
        await page.close();
      }
    });

    await check('hostile names and paths are text, and no script of theirs runs', async () => {
      const page = await open(context, hostilePage);
      const drawn = await bars(page);
      const evil = drawn.find((b) => b.label !== null && b.label.startsWith('</script>'));

      assert(await page.evaluate(() => window.__hearthPwned === undefined), 'no payload ran');
      assert(await page.title() === HOSTILE_NAME, 'the title is the text given');
      assert(await page.$$eval('script', (s) => s.length) === 2, 'no script element was added');
      assert(await page.$$eval('img', (i) => i.length) === 0, 'no element from a name');
      assert(evil, 'the hostile name labels its bar: ' + drawn.map((b) => b.label).join(' | '));
      const tip = await hoverBar(page, evil.n);
      assert(tip.split('\n')[0] === HOSTILE_NAME, 'the tooltip names it: ' + tip);
      assert(tip.includes(HOSTILE_FILE + ':3'), 'and its file: ' + tip);
      await screenshot(page, 'hostile');

      /* zooming and searching draw the names again, as text */
      await frameAfter(page, () => clickBar(page, evil.n));
      await frameAfter(page, async () => {
        await page.fill('#search', 'img|script');
        await page.press('#search', 'Enter');
      });
      const crumbs = await page.$$eval('#crumbs button', (b) => b.map((x) => x.textContent));
      assert(crumbs.includes(HOSTILE_NAME), 'the breadcrumbs name it: ' + crumbs.join(' > '));
      assert(await page.evaluate(() => window.__hearthPwned === undefined), 'still no payload ran');
      assert(await page.$$eval('img', (i) => i.length) === 0, 'still no element from a name');
      clean(page);
      await page.close();
    });

    await check('estimated bars are hatched, and the tooltip gives their bounds', async () => {
      const page = await open(context, estimatedPage);
      const hatchedRects = (selector) => page.$$eval(selector, (rects) => rects
        .filter((r) => (r.getAttribute('fill') || '').startsWith('url(#')).length);
      const hatched = await page.$$eval('#bars g[data-n]', (groups) => groups
        .filter((g) => Array.from(g.querySelectorAll('rect'))
          .some((r) => (r.getAttribute('fill') || '').startsWith('url(#')))
        .map((g) => ({ n: g.getAttribute('data-n'), w: g.getBBox().width })));

      await screenshot(page, 'estimated');
      assert(hatched.length > 0, 'the profile has estimated bars');
      const bar = hatched.reduce((a, b) => (b.w > a.w ? b : a));
      const tip = await hoverBar(page, bar.n, 2);
      assert(/Estimated: .* between .* and /.test(tip), 'bounds in the tooltip: ' + tip);
      await screenshot(page, 'estimated-tooltip');
      await frameAfter(page, () => clickBar(page, bar.n, 2));
      assert(await hatchedRects('#bars rect') > 0, 'hatched after zoom too');
      clean(page);
      await page.close();
    });

    await check('the compare page puts both runs on one time axis', async () => {
      const page = await open(context, comparePage);
      const data = await pageData(page);
      const drawn = await bars(page);
      const roots = ['0:0', '1:0'].map((n) => drawn.find((b) => b.n === n));
      const ratio = data.runs[1].total / data.runs[0].total;

      assert(data.runs.length === 2 && data.shared, 'two runs, one axis');
      near((roots[1].w + 1) / (roots[0].w + 1), ratio, 0.01, 'root widths follow the totals');
      await screenshot(page, 'compare');
      const second = drawn.filter((b) => b.n.startsWith('1:') && b.w > 20).pop();
      await frameAfter(page, () => clickBar(page, second.n));
      const tip = await hoverBar(page, second.n);
      assert(/First run: |New: /.test(tip), 'the tooltip compares with the first run: ' + tip);
      await screenshot(page, 'compare-zoomed');
      clean(page);
      await page.close();
    });

    await check(`a ${bigBars}-bar tree opens and zooms without freezing`, async () => {
      assert(bigBars >= 200000, `${bigBars} bars`);
      const size = fs.statSync(bigPage).size;
      const page = await open(context, bigPage);
      const loadMs = page.hearth.loadMs;
      const drawn = await bars(page);
      const geo = await geometry(page);
      const full = geo.right - geo.left;
      const target = drawn.filter((b) => b.w < full * 0.5 && b.w > 30)
        .reduce((a, b) => (b.w > a.w ? b : a));
      const zoomMs = await frameAfter(page, () => clickBar(page, target.n));
      const zoomedBars = (await bars(page)).length;
      const searchMs = await frameAfter(page, async () => {
        await page.fill('#search', 'method_1\\d$');
        await page.press('#search', 'Enter');
      });
      const resetMs = await frameAfter(page, () => page.keyboard.press('Escape'));
      const redrawn = await bars(page);

      console.log(`# big page: ${(size / 1e6).toFixed(1)} MB, ${drawn.length} bars drawn ` +
                  `of ${bigBars}; open ${loadMs} ms, zoom ${zoomMs} ms (${zoomedBars} bars), ` +
                  `search ${searchMs} ms, ` +
                  `reset ${resetMs} ms`);
      assert(drawn.length < bigBars / 4, 'only bars of a pixel or more are drawn');
      assert(redrawn.length === drawn.length,
             `${redrawn.length} bars after Escape, ${drawn.length} before`);
      assert(loadMs < 15000, `opens in ${loadMs} ms`);
      assert(zoomMs < 3000, `zooms in ${zoomMs} ms`);
      assert(searchMs < 3000, `searches in ${searchMs} ms`);
      await screenshot(page, 'big');
      clean(page);
      await page.close();
    });
  } finally {
    if (context !== null)
      await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }

  console.log('1..' + results.length);
  results.forEach((result, i) => {
    console.log(`${result.ok ? 'ok' : 'not ok'} ${i + 1} - ${result.name}`);
    if (!result.ok)
      console.log(String(result.error && result.error.stack || result.error).split('\n')
        .map((line) => '# ' + line).join('\n'));
  });
  process.exit(results.every((r) => r.ok) ? 0 : 1);
}

main().catch((error) => {
  console.log('1..1');
  console.log('not ok 1 - the browser test could not run');
  console.log(String(error && error.stack || error).split('\n').map((l) => '# ' + l).join('\n'));
  process.exit(1);
});
