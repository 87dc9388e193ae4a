// smoke-desktop.mjs holds the browser smoke's own run (smoke.mjs) on a
// desktop-sized page: the title to the first battle, a hot-seat round
// and its autosave, then, given SAVE.json, Continue on a fresh page, the
// save exported and files brought in.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { frames } from './touch.mjs';
import { closeBrowser, open } from './smoke-browser.mjs';
import { advance, battle, dismissBriefing, pressUntil, scene, waitScene } from './smoke-input.mjs';
import {
  RETRY_MS, SCENE_TIMEOUT_MS, SHOT_FRAMES, STEP_TIMEOUT_MS, TURN_TIMEOUT_MS, elapsed, log, out, outPath, problems,
  savePath, waitFor,
} from './smoke-run.mjs';

const AUTOSAVE_KEY = 'sightline/saves/autosave';
const GOLDEN_KEY = 'sightline/saves/golden';

// autosaveTurns returns how many turns the autosave in localStorage has
// ended (-1: no autosave).
async function autosaveTurns(page) {
  const text = await page.evaluate((key) => localStorage.getItem(key), AUTOSAVE_KEY);
  if (text === null) {
    return -1;
  }
  return (JSON.parse(text).turns ?? []).length;
}

// smokeRun plays the title to the first battle, where Blue and Red each
// end a turn, writing OUT-title.png, OUT.png, OUT-handover.png and
// OUT-autosave.json; given SAVE.json, a fresh browser then resumes it
// (resume) once the brotli copy is there (waitBrotli).
export async function smokeRun() {
  const page = await open(null, null, !savePath);
  const titleOut = outPath('-title.png');
  await page.waitForTimeout(500);
  await page.screenshot({ path: titleOut });
  log(`wrote ${titleOut}`);

  // Ebiten listens for keys on its canvas: focus it, then 5 (the title's
  // fifth item, Hot-seat) opens the level select and Enter starts the
  // highlighted level.
  await page.focus('canvas');
  await advance(page, '5', 'levels', STEP_TIMEOUT_MS);
  // Building the battle (and the level select's eight levels before it)
  // takes longer than a step: wait as for any new battle.
  await advance(page, 'Enter', 'battle', SCENE_TIMEOUT_MS);
  // The level opens on its briefing card: a key dismisses it (once it
  // has been up a moment), so the shot shows the battle itself. The card
  // must be up and go at a press of L (a loaded machine's first battle
  // frames are slow).
  await dismissBriefing(page, (done, what, timeout) => pressUntil(page, 'l', done, what, timeout));

  await page.waitForTimeout(1000);
  await page.screenshot({ path: out });
  log(`wrote ${out} after ${elapsed()}`);

  // Browser -> native: Blue ends its turn (E); once the turn's events have
  // played the handover screen hides the battle until a key, taken only
  // after a moment. E is pressed until the page's frame shows the handover
  // on top (window.sightlineTop, published after each frame is drawn): the
  // presses skip the events, and none falls on the handover, which is
  // checked between presses. The shot is taken with the handover on top
  // before and after it. Then E dismisses it, the next asks whether to
  // leave units that could still act, and the last ends Red's turn. Each
  // end of a turn rewrites the autosave.
  const top = () => page.evaluate(() => window.sightlineTop ?? null);
  await pressUntil(page, 'e', async () => await autosaveTurns(page) >= 1, "Blue's turn ended", TURN_TIMEOUT_MS);
  await pressUntil(page, 'e', async () => (await top()) === 'handover', 'the handover screen', TURN_TIMEOUT_MS);
  const handoverShot = await page.screenshot();
  const handoverOut = outPath('-handover.png');
  const still = await top();
  if (still !== 'handover') {
    throw new Error(`the handover screen went while it was shot, without a key (on top: ${JSON.stringify(still)})`);
  }
  writeFileSync(handoverOut, handoverShot);
  log(`wrote ${handoverOut}`);
  await pressUntil(page, 'e', async () => await autosaveTurns(page) >= 2, "Red's turn ended", TURN_TIMEOUT_MS);
  const have = await scene(page);
  if (have !== 'battle') {
    throw new Error(`after Red's turn the scene is ${JSON.stringify(have)}, want "battle"`);
  }
  const autosave = await page.evaluate((key) => localStorage.getItem(key), AUTOSAVE_KEY);
  const autosaveOut = outPath('-autosave.json');
  writeFileSync(autosaveOut, autosave);
  log(`wrote ${autosaveOut} (${autosave.length} bytes)`);
  if (problems.length > 0) {
    throw new Error('the page reported errors');
  }
  await closeBrowser();

  if (savePath) {
    await waitBrotli();
    await resume(true);
  }
}

// BROTLI_WAIT_MS bounds the wait for the brotli copy: brotli -q 11 is a
// minute of CPU, which a loaded machine has spread over eight minutes.
const BROTLI_WAIT_MS = 15 * 60_000;

// waitBrotli waits until the file SIGHTLINE_SMOKE_BROTLI names (if set)
// is there, failing if FILE.failed appears or BROTLI_WAIT_MS passes.
async function waitBrotli() {
  const file = process.env.SIGHTLINE_SMOKE_BROTLI;
  if (!file) {
    return;
  }
  const t0 = Date.now();
  for (;;) {
    if (existsSync(file)) {
      log(`the brotli copy there after ${elapsed()} (waited ${((Date.now() - t0) / 1000).toFixed(1)}s)`);
      return;
    }
    if (existsSync(`${file}.failed`)) {
      throw new Error(`the brotli copy's build failed (${file}.failed)`);
    }
    if (Date.now() - t0 > BROTLI_WAIT_MS) {
      throw new Error(`no brotli copy ${file} after ${BROTLI_WAIT_MS / 1000}s`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

// resume opens a fresh browser holding SAVE.json and continues it; its
// page load is measured if measure is set. It exports the save
// (exportSave), continues it and shoots the battle (OUT-resumed.png),
// then brings files in (importFiles).
export async function resume(measure) {
  // Native -> browser: a fresh browser whose only save is SAVE.json.
  // Continue, the title's first enabled item, re-plays and verifies it;
  // a save that fails stays on the title with a note.
  const text = readFileSync(savePath, 'utf8');
  const page = await open(([key, value]) => {
    if (localStorage.getItem(key) === null) {
      localStorage.setItem(key, value);
    }
  }, [GOLDEN_KEY, text], measure);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  if (keys.length !== 1 || keys[0] !== GOLDEN_KEY) {
    throw new Error(`the fresh page's localStorage holds ${JSON.stringify(keys)}, want only ${GOLDEN_KEY}`);
  }
  await page.focus('canvas');
  await exportSave(page);
  // Continue re-plays and verifies the save first ("resuming"): on a
  // loaded machine that took 52-55 s.
  await advance(page, 'Enter', 'battle', 2 * SCENE_TIMEOUT_MS);
  await waitFor(async () => { const v = await battle(page); return v && !v.busy; }, 'the resumed battle at rest', SCENE_TIMEOUT_MS);
  await frames(page, SHOT_FRAMES, SHOT_FRAMES * RETRY_MS);
  const resumedOut = outPath('-resumed.png');
  await page.screenshot({ path: resumedOut });
  log(`wrote ${resumedOut} after ${elapsed()}`);
  await importFiles(page);
  if (problems.length > 0) {
    throw new Error('the page reported errors');
  }
  await closeBrowser();
}

// exportSave exports the save from the load screen (7 on the title; X
// downloads the save with the focus) to OUT-export.json and goes back
// to the title.
async function exportSave(page) {
  const exportOut = outPath('-export.json');
  const downloads = [];
  page.on('download', (d) => downloads.push(d));
  await advance(page, '7', 'load', STEP_TIMEOUT_MS);
  await pressUntil(page, 'x', async () => downloads.length > 0, 'the save downloaded', STEP_TIMEOUT_MS);
  const name = downloads[0].suggestedFilename();
  if (name !== 'golden.json') {
    throw new Error(`the export is named ${JSON.stringify(name)}, want "golden.json"`);
  }
  await downloads[0].saveAs(exportOut);
  log(`wrote ${exportOut} (the download ${name})`);
  await advance(page, 'Escape', 'title', STEP_TIMEOUT_MS);
}

// drop drops a file named name on the page, as a player dragging it from
// their files would: text, or size zero bytes when text is null.
async function drop(page, name, text, size) {
  await page.evaluate(([name, text, size]) => {
    const file = new File([text ?? new Uint8Array(size)], name, { type: 'application/json' });
    const dt = new DataTransfer();
    dt.items.add(file);
    window.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
  }, [name, text, size]);
}

// waitNote waits until the page's note on refused files says want (it
// hides itself after a few seconds, which a slow page may take to show
// the title: its text stays).
async function waitNote(page, want, what) {
  await waitFor(async () => {
    const note = await page.evaluate(() => document.getElementById('share-note')?.textContent ?? '');
    return note.includes(want) ? note : null;
  }, what, STEP_TIMEOUT_MS);
}

// importFiles brings files into the resumed battle's page: hostile ones
// refused with a message, the game still running; the export, picked
// with the visible Import button and dropped, resumed each time.
async function importFiles(page) {
  const exportOut = outPath('-export.json');
  const max = await page.evaluate(() => window.sightlineMaxBytes);
  await drop(page, 'huge.json', null, max + 1);
  await waitNote(page, 'more than the', 'the page refusing a file over the size limit');
  if (await scene(page) !== 'battle') {
    throw new Error(`after a file over the limit the scene is ${JSON.stringify(await scene(page))}, want the battle still`);
  }
  log(`a file of ${max + 1} bytes refused after ${elapsed()}`);

  await drop(page, 'broken.json', '{"format": 1, "seed": 1, "seed": 2}');
  await waitScene(page, 'title', SCENE_TIMEOUT_MS);
  await waitNote(page, 'seed: given twice', 'the game refusing a malformed file');
  const refused = await page.evaluate(() => document.getElementById('share-note').textContent);
  log(`a malformed file refused: ${JSON.stringify(refused)}`);

  const button = page.locator('#import');
  await button.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: STEP_TIMEOUT_MS }), button.click()]);
  await chooser.setFiles(exportOut);
  await waitScene(page, 'battle', SCENE_TIMEOUT_MS);
  log(`the export, picked with the Import button, resumed after ${elapsed()}`);

  await drop(page, 'broken.json', '{"format": 1, "seed": 1, "seed": 2}');
  await waitScene(page, 'title', SCENE_TIMEOUT_MS);
  await drop(page, 'golden.json', readFileSync(exportOut, 'utf8'));
  await waitScene(page, 'battle', SCENE_TIMEOUT_MS);
  log(`the export, dropped on the page, resumed after ${elapsed()}`);
}

