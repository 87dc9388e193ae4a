// smoke.mjs drives the js/wasm build of Sightline in Debian's Chromium (its
// windows on an Xvfb of its own when Xvfb is installed, else headless:
// renderer) through playwright-core: title screen -> level select -> battle,
// then a hot-seat round (Blue ends its turn, the handover screen, Red ends
// its turn) and, given a save, Continue on a fresh page. With
// SIGHTLINE_SMOKE=think it only watches the computer play, timed; with
// SIGHTLINE_SMOKE=load it only loads the page once and measures it.
//
// Usage: node wasm/smoke.mjs URL OUT.png [SAVE.json]
//
// It writes OUT-title.png (the title screen), OUT.png (the battle, after
// about a second of frames), OUT-handover.png (the screen after Blue ended
// its turn) and OUT-autosave.json (localStorage's "sightline/saves/autosave"
// once Blue and Red have each ended a turn, for a native verifier). Given
// SAVE.json, it then opens a second browser with empty storage holding
// that file as the save "saves/golden", chooses Continue on the title
// (the game re-plays and verifies the save before it shows the battle),
// and writes OUT-resumed.png (the resumed battle). On that page it first
// exports the save (the load screen's X) to OUT-export.json, for the
// native verifier, and after the shot brings files in: one over the size
// limit dropped on the page (refused with the page's note, the battle
// still running), a malformed one dropped (refused by the game: the title
// and the note say why), the export picked with the visible Import button
// and dropped (each resumes the battle). With
// SIGHTLINE_SMOKE=think, a browser instead watches the computer play
// Outpost until it has made WATCH_DECISIONS decisions (or WATCH_MS passed)
// and writes OUT-watch.png and OUT-think.json, the game's think figures
// (window.sightlineThink), which the Go test checks. One page load is
// measured into OUT-load.json: the module's bytes over the wire (CDP's
// encodedDataLength, the response's Content-Length and Content-Encoding),
// the milliseconds from the navigation to the title on screen (the
// animation frame after window.sightlineDrawnMs) and the stages before
// it (window.sightlineLoad); the Go test logs them and checks the bytes.
// It is the first page's or, given SAVE.json, the resuming page's (each a
// fresh browser), which first waits for the file SIGHTLINE_SMOKE_BROTLI
// names, if set: the module's brotli copy, which a test run makes while
// the first page plays (WASM_STAGE, wasm/build.sh); FILE.failed instead
// fails the run.
// With SIGHTLINE_SMOKE=load it only makes that measurement; with
// SIGHTLINE_SMOKE=share only the page that resumes SAVE.json. With
// SIGHTLINE_SMOKE=touch a phone-sized page (390×844, touch, mobile) is
// played by finger alone, through the DevTools protocol's touch events
// (touchRun, its finger in touch.mjs): OUT-touch-*.png and
// OUT-touch.json. With SIGHTLINE_SMOKE=tour the phone-sized page is
// shot upright (the title, the settings, the level select) and sideways
// (844×390: the title, the level select, the briefing and the battle
// with a unit tapped), then the battle upright again (OUT-tour-*.png,
// for `make tour`). With SIGHTLINE_SMOKE=fps it loads URL with
// ?fps=FPS_SECS, waits for the frame rate report in the console and writes
// it to OUT-fps.json (and the last frame to OUT-fps.png). With
// SIGHTLINE_SMOKE=online URL is the link to Blue's seat of a match on a
// game server and SIGHTLINE_ONLINE_RED the link to Red's: two pages of one
// browser join the match, Blue's by opening its link, Red's by pasting its
// link on the title's Play online screen, each ends its turn whenever its side is to move,
// until the server's result; it writes OUT-online-blue.png,
// OUT-online-red.png and OUT-online.json (each page's last
// window.sightlineBattle.online). It exits
// non-zero with a message on a timeout, a page error or a console error. It never downloads a browser: it runs
// /usr/bin/chromium (override with SIGHTLINE_CHROMIUM). Its pages draw at
// most FRAME_CAP frames a second (SIGHTLINE_SMOKE_FPS; not when measuring
// frames: fps, think).
//
// The runs live in modules beside it, which node loads as ES modules:
// smoke-desktop.mjs (the smoke, share), smoke-measure.mjs (load, think,
// fps), smoke-phone.mjs (touch, tour), smoke-online.mjs (online); the
// browser in smoke-browser.mjs, the page's scene and the one press loop
// in smoke-input.mjs, the finger in touch.mjs, and what they all share
// (the command line, the timeouts, the problems, the log) in
// smoke-run.mjs.
import { browser, endBrowser } from './smoke-browser.mjs';
import { resume, smokeRun } from './smoke-desktop.mjs';
import { fpsRun, loadRun, watchComputer } from './smoke-measure.mjs';
import { onlineRun } from './smoke-online.mjs';
import { touchRun, tourRun } from './smoke-phone.mjs';
import { consoleTail, log, onFailure, out, outPath, problems, url } from './smoke-run.mjs';

if (!url || !out || !out.endsWith('.png')) {
  console.error('usage: node smoke.mjs URL OUT.png [SAVE.json]');
  process.exit(2);
}

// runs are the runs by SIGHTLINE_SMOKE ("" or unset: the smoke).
const runs = {
  '': smokeRun,
  online: onlineRun,
  fps: fpsRun,
  think: watchComputer,
  touch: touchRun,
  tour: tourRun,
  // Only the page that resumes SAVE.json, exports it and brings files in.
  share: () => resume(),
  // Only the first page load, measured (OUT-load.json, OUT-title.png).
  load: loadRun,
};

let failed = false;
try {
  const mode = process.env.SIGHTLINE_SMOKE ?? '';
  const run = runs[mode];
  if (!run) {
    throw new Error(`SIGHTLINE_SMOKE=${mode}: want one of ${Object.keys(runs).filter((k) => k).join(', ')} or nothing`);
  }
  await run();
} catch (err) {
  failed = true;
  console.error(`smoke: FAIL: ${err.message}`);
  for (const line of consoleTail) {
    console.error(`smoke: console ${line}`);
  }
  if (browser.page) {
    const failOut = outPath('-failure.png');
    await browser.page.screenshot({ path: failOut, timeout: 5_000 }).then(
      () => console.error(`smoke: the page at the failure: ${failOut}`),
      () => {});
  }
  for (const report of onFailure) {
    await report();
  }
} finally {
  for (const p of problems) {
    console.error(`smoke: ${p}`);
  }
  await endBrowser();
}
if (failed || problems.length > 0) {
  process.exit(1);
}
log('ok');
