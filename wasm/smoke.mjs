// smoke.mjs drives the js/wasm build of Sightline in Debian's headless
// Chromium through playwright-core: title screen -> level select -> battle.
//
// Usage: node wasm/smoke.mjs URL OUT.png
//
// It writes OUT-title.png (the title screen) and OUT.png (the battle, after
// about a second of frames), and exits non-zero with a message on a timeout,
// a page error or a console error. It never downloads a browser: it runs
// /usr/bin/chromium (override with SIGHTLINE_CHROMIUM).
import { chromium } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCENE_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 30_000;
const HOLD_MS = 1_000;
const RETRY_MS = 4_000;

const [url, out] = process.argv.slice(2);
if (!url || !out || !out.endsWith('.png')) {
  console.error('usage: node smoke.mjs URL OUT.png');
  process.exit(2);
}
const titleOut = out.replace(/\.png$/, '-title.png');

const problems = [];
const userDataDir = mkdtempSync(join(tmpdir(), 'sightline-chromium-'));
const started = Date.now();
let context;
let page;
let lastScene = null;

function log(msg) {
  console.log(`smoke: ${msg}`);
}

async function scene(page) {
  return page.evaluate(() => window.sightlineScene ?? null);
}

// waitScene waits until window.sightlineScene is want, failing early on a
// page error so a crash is not reported as a timeout.
async function waitScene(page, want, timeout) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (problems.length > 0) {
      throw new Error(`the page reported errors while waiting for scene "${want}"`);
    }
    const have = await scene(page);
    if (have === want) {
      if (lastScene !== want) {
        log(`scene "${want}" after ${((Date.now() - started) / 1000).toFixed(1)}s`);
        lastScene = want;
      }
      return;
    }
    if (Date.now() > deadline) {
      const status = await page.evaluate(() => {
        const el = document.getElementById('status');
        return el && el.style.display !== 'none' ? el.textContent : '(hidden)';
      });
      throw new Error(`timed out after ${timeout / 1000}s waiting for window.sightlineScene === "${want}" ` +
        `(it is ${JSON.stringify(have)}; page status: ${JSON.stringify(status.trim())})`);
    }
    await page.waitForTimeout(100);
  }
}

// advance presses key until window.sightlineScene becomes want. Under a
// software renderer the game may draw only a few frames a second and it
// ignores input while a scene fades in, so a short press can fall between
// two input polls: the key is held until the scene changes or HOLD_MS
// passes, and pressed again every RETRY_MS.
async function advance(page, key, want, timeout) {
  const deadline = Date.now() + timeout;
  let presses = 0;
  for (;;) {
    presses++;
    await page.keyboard.down(key);
    try {
      await waitScene(page, want, Math.max(0, Math.min(HOLD_MS, deadline - Date.now())));
    } catch (err) {
      // not yet: release, wait some more, press again
    }
    await page.keyboard.up(key);
    try {
      await waitScene(page, want, Math.max(0, Math.min(RETRY_MS - HOLD_MS, deadline - Date.now())));
      if (presses > 1) {
        log(`needed ${presses} presses of ${key}`);
      }
      return;
    } catch (err) {
      if (problems.length > 0 || Date.now() >= deadline) {
        throw new Error(`${presses} presses of ${key} in ${timeout / 1000}s did not reach "${want}": ${err.message}`);
      }
    }
  }
}

async function main() {
  context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.SIGHTLINE_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // WebGL without a GPU: Chromium's software renderer.
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
    viewport: { width: 1280, height: 720 },
    deviceScaleFactor: 1,
  });
  page = context.pages()[0] ?? await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      problems.push(`console error: ${msg.text()}`);
    }
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('crash', () => problems.push('page crashed'));
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText ?? ''}`));
  page.on('response', (resp) => {
    if (resp.status() >= 400) {
      problems.push(`HTTP ${resp.status()} for ${resp.url()}`);
    }
  });

  log(`open ${url}`);
  await page.goto(url, { waitUntil: 'load', timeout: STEP_TIMEOUT_MS });
  await waitScene(page, 'title', SCENE_TIMEOUT_MS);
  await page.waitForSelector('canvas', { timeout: STEP_TIMEOUT_MS });
  await page.waitForTimeout(500);
  await page.screenshot({ path: titleOut });
  log(`wrote ${titleOut}`);

  // Ebiten listens for keys on its canvas: focus it, then any key leaves the
  // title and Enter starts the highlighted level.
  await page.focus('canvas');
  await advance(page, 'Space', 'levels', STEP_TIMEOUT_MS);
  await advance(page, 'Enter', 'battle', STEP_TIMEOUT_MS);

  await page.waitForTimeout(1000);
  await page.screenshot({ path: out });
  log(`wrote ${out}`);
  if (problems.length > 0) {
    throw new Error('the page reported errors');
  }
}

let failed = false;
try {
  await main();
} catch (err) {
  failed = true;
  console.error(`smoke: FAIL: ${err.message}`);
  if (page) {
    const failOut = out.replace(/\.png$/, '-failure.png');
    await page.screenshot({ path: failOut, timeout: 5_000 }).then(
      () => console.error(`smoke: the page at the failure: ${failOut}`),
      () => {});
  }
} finally {
  for (const p of problems) {
    console.error(`smoke: ${p}`);
  }
  if (context) {
    await context.close().catch(() => {});
  }
  rmSync(userDataDir, { recursive: true, force: true });
}
if (failed || problems.length > 0) {
  process.exit(1);
}
log('ok');
