// smoke-online.mjs holds the browser smoke's online run (smoke.mjs): two
// pages of one browser, each in a window of its own, play a match against
// each other through a game server, Blue's opened on its link and Red's
// pasted on the title's Play online screen.
import { writeFileSync } from 'node:fs';
import { frames, target } from './touch.mjs';
import { launch, warmedUp } from './smoke-browser.mjs';
import { advance, battle, briefingUp, changes, dismissBriefing, hold, pressUntil, scene, waitScene } from './smoke-input.mjs';
import {
  RETRY_MS, SCENE_TIMEOUT_MS, consoleTail, elapsed, log, onFailure, outPath, problems, secondsSinceStart, url, waitFor,
} from './smoke-run.mjs';

// ONLINE_MS bounds a scripted online match between two pages.
const ONLINE_MS = 240_000;
// SETTLE_FRAMES is how many frames a new screen is given to fade in (a
// fade is a fifth of a second, some frames at the cap) before input.
const SETTLE_FRAMES = 3;

// HOLD_FRAMES is how many animation frames the run keeps its E and Enter
// down in the match, at most RETRY_MS if the page draws none (a page in
// the background): the game reads its keys once an update, and runs one
// or more updates a frame, so a key down over three frames is seen once
// the page draws at all, however slow its frames (a fixed hold of HOLD_MS
// was too long on a quiet machine and could be too short on a loaded one).
const HOLD_FRAMES = 3;

// newWindow opens a page of p's browser in a window of its own (CDP's
// Target.createTarget with newWindow) and returns it: context.newPage
// opens a tab of the last window, which the run had to bring to the
// front, taking the window's focus, whenever it drove that page. Two
// windows on the display both draw, neither brought to the front.
async function newWindow(p) {
  const cdp = await p.context().newCDPSession(p);
  try {
    const [opened] = await Promise.all([
      p.context().waitForEvent('page'),
      cdp.send('Target.createTarget', { url: 'about:blank', newWindow: true }),
    ]);
    return opened;
  } finally {
    await cdp.detach().catch(() => {});
  }
}

// watchInput, an init script, notes in window.smokeInput each key, mouse,
// focus and paste event the page gets and each change of its scene, for
// the failure's message: the online run's Red lost its Enter when its
// clicks reached the game all at once after the title's warm-up.
function watchInput() {
  const seen = window.smokeInput = [];
  const t0 = performance.now();
  const note = (what) => seen.length < 200 && seen.push(`${(performance.now() - t0).toFixed(0)} ${what} (${window.sightlineScene})`);
  for (const type of ['keydown', 'keyup', 'mousedown', 'mouseup', 'blur', 'focus', 'paste']) {
    window.addEventListener(type, (e) => note(`${type} ${e.key ?? e.button ?? ''}`), true);
  }
  let last;
  setInterval(() => {
    if (window.sightlineScene !== last) {
      last = window.sightlineScene;
      note('scene');
    }
  }, 50);
}

// onlineRun has two pages of one browser play a match against each other
// through a game server: Blue's link (URL) and Red's
// (SIGHTLINE_ONLINE_RED), the one opened, the other pasted into the
// Play-online screen of a page opened without it. Each page dismisses its briefing and presses E
// when its own side is to move, nothing plays and no command is on its
// way, until both pages show the server's result.
export async function onlineRun() {
  const redURL = process.env.SIGHTLINE_ONLINE_RED;
  if (!redURL) {
    throw new Error('SIGHTLINE_ONLINE_RED: want the link to Red\'s seat');
  }
  const { page } = await launch(null, null, false);
  const pages = { blue: page, red: await newWindow(page) };
  // The failure's shot is Blue's page (page): Red's beside it.
  onFailure.push(() => reportRed(pages.red));
  await pages.red.addInitScript(watchInput);
  pages.red.on('pageerror', (err) => problems.push(`red page error: ${err.message}`));
  pages.red.on('crash', () => problems.push('red page crashed'));
  pages.red.on('console', (msg) => { consoleTail.push(`red ${msg.type()}: ${msg.text()}`); });
  await pages.blue.goto(url);
  // Red joins as a player sent the link would on a desktop: the page
  // opened without it, the title's Play online, the link pasted (a paste
  // event carrying it, as the browser's Edit > Paste gives the page) and
  // Enter in the "Join a link" field it went to.
  const base = new URL(url);
  const title = `${base.origin}${base.pathname}?mute`;
  log(`red opens ${title} and pastes its link`);
  await pages.red.goto(title);
  await waitScene(pages.red, 'title', SCENE_TIMEOUT_MS);
  await warmedUp(pages.red);
  await advance(pages.red, await target(pages.red, 'Play online', 'item'), 'online', SCENE_TIMEOUT_MS);
  // The screen takes what comes from the frame it appears on, so one
  // paste is enough; a second would add to the field. It is pasted once
  // the fade in is over, and Enter pressed a frame later.
  await frames(pages.red, SETTLE_FRAMES, SETTLE_FRAMES * RETRY_MS);
  await pages.red.evaluate((link) => {
    const data = new DataTransfer();
    data.setData('text/plain', link);
    const el = document.querySelector('canvas') ?? document.body;
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, redURL);
  await frames(pages.red, 1, RETRY_MS);
  // Enter is pressed until the game starts leaving Play online, and no
  // more: a second would land on the next screen.
  const joinFrom = await changes(pages.red);
  await pressUntil(pages.red, 'Enter', async () => (await changes(pages.red)) > joinFrom || (await scene(pages.red)) !== 'online',
    'red leaves Play online for the pasted link', SCENE_TIMEOUT_MS);
  const joinedBy = { blue: 'opened', red: 'pasted' };
  for (const p of Object.values(pages)) {
    await waitScene(p, 'battle', SCENE_TIMEOUT_MS);
  }
  // The seat that joins first (Blue's, opened on its link while Red's
  // page warms up) opens on the briefing card, which Enter dismisses; the
  // other finds the match in the book of briefed matches its page shares
  // with the first (one browser profile) and opens on the board. Each
  // card up must go by a press of its own.
  const briefingPresses = {};
  for (const [name, p] of Object.entries(pages)) {
    await waitFor(async () => (await briefingUp(p)) !== null, `${name}'s battle's first frame (window.sightlineBriefing)`, 2 * SCENE_TIMEOUT_MS);
    if (await briefingUp(p)) {
      briefingPresses[name] = await dismissBriefing(p, (done, what, timeout) => pressUntil(p, 'Enter', done, `${name}: ${what}`, timeout));
    }
  }
  if (Object.keys(briefingPresses).length !== 1) {
    throw new Error(`briefing cards dismissed on ${JSON.stringify(briefingPresses)}: want the first seat's alone`);
  }
  const ends = { blue: 0, red: 0 };
  const seen = {};
  const deadline = Date.now() + ONLINE_MS;
  for (;;) {
    if (problems.length > 0) {
      throw new Error('the pages reported errors during the online match');
    }
    let done = true;
    for (const [name, p] of Object.entries(pages)) {
      const b = await battle(p);
      const o = b?.online;
      seen[name] = o ?? null;
      if (!o || !o.result) {
        done = false;
      }
      if (!o || o.result || b.busy || o.pending) {
        continue;
      }
      if (await p.evaluate(() => window.sightlineBriefing === true)) {
        await hold(p, 'Enter', HOLD_FRAMES, RETRY_MS);
        continue;
      }
      if (o.seat === o.toMove) {
        ends[name]++;
        log(`${name} ends turn ${o.turn} after ${elapsed()}`);
        await hold(p, 'e', HOLD_FRAMES, RETRY_MS);
      }
    }
    if (done) {
      break;
    }
    if (Date.now() > deadline) {
      throw new Error(`no result within ${ONLINE_MS / 1000}s: ${JSON.stringify(seen)}`);
    }
    await pages.blue.waitForTimeout(250);
  }
  for (const [name, p] of Object.entries(pages)) {
    await p.screenshot({ path: outPath(`-online-${name}.png`) });
  }
  writeFileSync(outPath('-online.json'), JSON.stringify({ ...seen, joinedBy, presses: ends, briefingPresses, seconds: secondsSinceStart() }));
  log(`online match over after ${elapsed()}: ${JSON.stringify(seen)}`);
}


// reportRed prints the input Red's page got and shoots it, for a failure.
async function reportRed(red) {
  const seen = await red.evaluate(() => window.smokeInput ?? []).catch(() => []);
  console.error(`smoke: Red's page's input (ms after its start, the scene):\n${seen.join('\n')}`);
  const failOut = outPath('-failure-red.png');
  await red.screenshot({ path: failOut, timeout: 5_000 }).then(
    () => console.error(`smoke: Red's page at the failure: ${failOut}`),
    () => {});
}
