// smoke-measure.mjs holds the browser smoke's measuring runs (smoke.mjs):
// the first page load alone (load), the computer watched at play (think)
// and the frame rate the game or the reference program reports (fps).
import { writeFileSync } from 'node:fs';
import { launch, open } from './smoke-browser.mjs';
import { advance } from './smoke-input.mjs';
import {
  HOLD_MS, SCENE_TIMEOUT_MS, STEP_TIMEOUT_MS, elapsed, log, outPath, problems, url, waitFor,
} from './smoke-run.mjs';

// Watching the computer: play until it has made this many decisions, for
// at most this long (each takes a few seconds at the software renderer's
// frame rate); the level select's row to click, Outpost's (the second).
const WATCH_DECISIONS = 8;
const WATCH_MS = 120_000;
const OUTPOST_ROW = { x: 300, y: 150 + 5 * 56 + 28 }; // the sixth level (levels/maps/outpost.tmx, campaign 6)

// loadRun only loads the page once, measured (OUT-load.json), and shoots
// the title (OUT-title.png).
export async function loadRun() {
  const page = await open(null, null, true);
  await page.screenshot({ path: outPath('-title.png') });
}

// watchComputer opens a fresh browser and has the computer play both
// sides of Outpost: 6 (the title's sixth item, Watch the computer), then a
// click on Outpost's row. Space, held every other second, skips the
// animations, which would otherwise take most of the time. Once the
// computer has made WATCH_DECISIONS decisions, or WATCH_MS passed, the
// game's think figures are written to OUT-think.json with the seconds
// watched; the Go test checks them.
export async function watchComputer() {
  const page = await open();
  const watchOut = outPath('-watch.png');
  const thinkOut = outPath('-think.json');
  await page.focus('canvas');
  await advance(page, '6', 'levels', STEP_TIMEOUT_MS);
  await advance(page, OUTPOST_ROW, 'battle', SCENE_TIMEOUT_MS);
  const start = Date.now();
  const think = async () => page.evaluate(() => window.sightlineThink ?? null);
  let figures = await think();
  while ((figures?.decisions ?? 0) < WATCH_DECISIONS && Date.now() - start < WATCH_MS) {
    if (problems.length > 0) {
      throw new Error('the page reported errors while the computer played');
    }
    await page.keyboard.down('Space');
    await page.waitForTimeout(HOLD_MS);
    await page.keyboard.up('Space');
    await page.waitForTimeout(HOLD_MS);
    figures = await think();
  }
  const seconds = (Date.now() - start) / 1000;
  await page.screenshot({ path: watchOut });
  log(`wrote ${watchOut} after ${elapsed()}`);
  const warmupMs = await page.evaluate(() => window.sightlineWarmupMs ?? null);
  writeFileSync(thinkOut, JSON.stringify({ ...figures, warmupMs, seconds }, null, 1));
  log(`the computer's thinking over ${seconds.toFixed(0)}s: ${JSON.stringify(figures)}`);
  if (problems.length > 0) {
    throw new Error('the page reported errors');
  }
}

// fpsRun loads the page with ?fps=FPS_SECS (and the page's other
// parameters, such as module=fpsref, from the URL) and waits for the frame
// rate report the game or the reference program logs to the console when
// it ends (main.go, internal/fpsref); it writes it to OUT-fps.json.
export async function fpsRun() {
  const secs = Number(process.env.FPS_SECS || 10);
  const { page } = await launch();
  const fpsShot = outPath('-fps.png');
  const fpsJSON = outPath('-fps.json');
  let report = null;
  page.on('console', (msg) => {
    if (/^(battle|reference) fps /.test(msg.text())) {
      report = msg.text();
    }
  });
  const at = url + (url.includes('?') ? '&' : '?') + `mute&fps=${secs}`;
  log(`open ${at}`);
  await page.goto(at, { waitUntil: 'load', timeout: STEP_TIMEOUT_MS });
  // The warm-up (3 s after the first frame) and the span, with the start's
  // load and compilation on top.
  await waitFor(async () => report, 'the frame rate report', SCENE_TIMEOUT_MS + (secs + 3) * 1000);
  await page.screenshot({ path: fpsShot });
  writeFileSync(fpsJSON, JSON.stringify({ report }, null, 1));
  log(report);
  // The program has ended: the page's next input or frame callbacks find
  // it gone, which is no fault of the run.
  const gone = /Go program has already exited/;
  problems.splice(0, problems.length, ...problems.filter((p) => !gone.test(p)));
  if (problems.length > 0) {
    throw new Error('the page reported errors');
  }
}

