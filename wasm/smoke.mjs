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
import { chromium } from 'playwright-core';
import { PHONE, frames, gesture, levelRow, screenSize, tap, target } from './touch.mjs';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCENE_TIMEOUT_MS = 60_000;
const STEP_TIMEOUT_MS = 30_000;
// Playwright's own actions (screenshots, evaluations) on a loaded machine.
const PAGE_TIMEOUT_MS = 120_000;
// A turn's end: the events play and the handover screen takes ~10 ticks
// before it accepts a key, some 10 s at the software renderer's frame rate.
const TURN_TIMEOUT_MS = 60_000;
// A resumed battle's frames before its screenshot, once it is at rest: the
// scenes fade by the clock in a fifth of a second, and each frame let
// through comes at least 1/FRAME_CAP s after the last.
const SHOT_FRAMES = 3;
const HOLD_MS = 1_000;
// pressUntil holds its key over PRESS_FRAMES frames of the page (at most
// HOLD_MS): the game reads its keys once an update, one or more a frame.
const PRESS_FRAMES = 2;
const RETRY_MS = 4_000;

// Watching the computer: play until it has made this many decisions, for
// at most this long (each takes a few seconds at the software renderer's
// frame rate); the level select's row to click, Outpost's (the second).
const WATCH_DECISIONS = 8;
const WATCH_MS = 120_000;
const OUTPOST_ROW = { x: 300, y: 150 + 5 * 56 + 28 }; // the sixth level (levels/maps/outpost.tmx, campaign 6)


const AUTOSAVE_KEY = 'sightline/saves/autosave';
const GOLDEN_KEY = 'sightline/saves/golden';

const [url, out, savePath] = process.argv.slice(2);
if (!url || !out || !out.endsWith('.png')) {
  console.error('usage: node smoke.mjs URL OUT.png [SAVE.json]');
  process.exit(2);
}
const titleOut = out.replace(/\.png$/, '-title.png');
const handoverOut = out.replace(/\.png$/, '-handover.png');
const autosaveOut = out.replace(/\.png$/, '-autosave.json');
const resumedOut = out.replace(/\.png$/, '-resumed.png');
const watchOut = out.replace(/\.png$/, '-watch.png');
const thinkOut = out.replace(/\.png$/, '-think.json');
const loadOut = out.replace(/\.png$/, '-load.json');
const exportOut = out.replace(/\.png$/, '-export.json');
const touchOut = (name) => out.replace(/\.png$/, `-touch-${name}.png`);
const tourOut = (name) => out.replace(/\.png$/, `-tour-${name}.png`);
const touchJSON = out.replace(/\.png$/, '-touch.json');
const fpsShot = out.replace(/\.png$/, '-fps.png');
const fpsJSON = out.replace(/\.png$/, '-fps.json');

const problems = [];
// The page's last console lines, printed on a failure: a Go panic is
// written there line by line as console.log, not as an error.
const consoleTail = [];
const userDataDirs = [];
const started = Date.now();
let context;
let page;
// The online run's second page, Red's (onlineRun), shot on a failure too.
let redPage = null;
let lastScene = null;

function log(msg) {
  console.log(`smoke: ${msg} [${cpuSoFar()}]`);
}

// cpuSeen keeps the CPU seconds (user + system) last read of each process
// Chromium started, so one that has ended still counts.
const cpuSeen = new Map();

// cpuSoFar returns the CPU seconds Chromium's processes (the GPU process,
// the renderers, the rest) and node have used since the start, for the
// log's phases: read from /proc on Linux, at each line ("" elsewhere).
function cpuSoFar() {
  let stats;
  try {
    stats = readdirSync('/proc').filter((d) => /^[0-9]+$/.test(d)).map((d) => {
      try {
        const st = readFileSync(`/proc/${d}/stat`, 'utf8');
        const f = st.slice(st.lastIndexOf(')') + 2).split(' ');
        return { pid: Number(d), ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / CLOCK_TICKS };
      } catch {
        return null; // ended meanwhile
      }
    }).filter((p) => p !== null);
  } catch {
    return '';
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of stats) {
      if (!mine.has(p.pid) && mine.has(p.ppid)) {
        mine.add(p.pid);
        grew = true;
        if (!cpuSeen.has(p.pid)) {
          cpuSeen.set(p.pid, { kind: processKind(p.pid), cpu: 0 });
        }
      }
    }
  }
  for (const p of stats) {
    const seen = cpuSeen.get(p.pid);
    if (seen && mine.has(p.pid)) {
      seen.cpu = p.cpu;
    }
  }
  const sum = { gpu: 0, renderer: 0, other: 0 };
  for (const { kind, cpu } of cpuSeen.values()) {
    sum[kind] += cpu;
  }
  const { user, system } = process.cpuUsage();
  const total = sum.gpu + sum.renderer + sum.other;
  return `CPU so far: Chromium ${total.toFixed(1)} s (GPU ${sum.gpu.toFixed(1)}, pages ${sum.renderer.toFixed(1)}, ` +
    `rest ${sum.other.toFixed(1)}), node ${((user + system) / 1e6).toFixed(1)}`;
}

// CLOCK_TICKS is the unit of /proc/PID/stat's times (USER_HZ, 100 on Linux).
const CLOCK_TICKS = 100;

// processKind names a Chromium process by its command line: its GPU
// process, a page's renderer, or another.
function processKind(pid) {
  try {
    const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    if (cmd.includes('--gpu-preferences')) {
      return 'gpu';
    }
    if (cmd.includes('--renderer-client-id')) {
      return 'renderer';
    }
  } catch {
    // ended meanwhile
  }
  return 'other';
}

// elapsed returns the seconds since the start, for messages.
function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(1)}s`;
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
        log(`scene "${want}" after ${elapsed()}`);
        lastScene = want;
      }
      return;
    }
    if (Date.now() > deadline) {
      const status = await page.evaluate(() => {
        const el = document.getElementById('status');
        const shown = el && el.style.display !== 'none' ? el.textContent : '(hidden)';
        // The join screen says where the connection stands.
        return window.sightlineJoining ? `${shown}; joining: ${window.sightlineJoining}` : shown;
      });
      throw new Error(`timed out after ${timeout / 1000}s waiting for window.sightlineScene === "${want}" ` +
        `(it is ${JSON.stringify(have)}; page status: ${JSON.stringify(status.trim())})`);
    }
    await page.waitForTimeout(100);
  }
}

// sceneForMessage returns the page's scene for an error's message, or
// "unknown" if the page cannot be asked (it crashed).
async function sceneForMessage(page) {
  return scene(page).then((s) => JSON.stringify(s), () => 'unknown');
}

// press holds key down, or the mouse button at key's {x, y}; release
// lets go of it.
async function press(page, key) {
  if (typeof key === 'string') {
    await page.keyboard.down(key);
    return;
  }
  await page.mouse.move(key.x, key.y);
  await page.mouse.down();
}

async function release(page, key) {
  if (typeof key === 'string') {
    await page.keyboard.up(key);
  } else {
    await page.mouse.up();
  }
}

// changes returns how many screen changes the game has started
// (window.sightlineChanges: a fade begun; 0 before the first).
async function changes(page) {
  return page.evaluate(() => window.sightlineChanges ?? 0);
}

// hold presses key (a key's name, or {x, y} to press the mouse button
// there) and lets go of it once the page has drawn n frames or ms have
// passed or, given done, as soon as done() is true: the game reads its
// input once an update, one or more a frame, and a press held on after
// the game took it could land on the next screen.
async function hold(page, key, n, ms, done) {
  await press(page, key);
  try {
    const drawn = frames(page, n, ms);
    if (!done) {
      await drawn;
      return;
    }
    let over = false;
    drawn.then(() => { over = true; }, () => { over = true; });
    while (!over && !(await done())) {
      await sleep(100);
    }
  } finally {
    await release(page, key);
  }
}

// repeat does act() until done() is true, and returns how many times it
// did; after each it waits up to gap ms for done(). what names the goal
// and count(n) the acts ("2 presses of Enter"), for messages; the errors
// name them and the page's scene.
async function repeat(page, act, gap, done, what, count, timeout) {
  const deadline = Date.now() + timeout;
  let n = 0;
  for (;;) {
    if (problems.length > 0) {
      throw new Error(`the page reported errors after ${count(n)} towards ${what} (the scene is ${await sceneForMessage(page)})`);
    }
    if (await done()) {
      log(`${what} after ${elapsed()} (${count(n)})`);
      return n;
    }
    if (Date.now() >= deadline) {
      throw new Error(`${count(n)} in ${timeout / 1000}s did not reach ${what} (the scene is ${await sceneForMessage(page)})`);
    }
    n++;
    await act(deadline);
    for (const end = Math.min(Date.now() + gap, deadline); Date.now() < end && !(await done());) {
      await sleep(250);
    }
  }
}

// pressUntil presses key (a key's name, or {x, y} to click there) until
// done() is true and returns the presses; what is the goal, for messages. Under a software
// renderer the game may draw only a few frames a second and it ignores
// input while a scene fades in, so a short press can fall between two
// input polls: each press is held over PRESS_FRAMES frames of the page
// (at most HOLD_MS) and made again every RETRY_MS. done() is read while
// the key is held, which ends the hold, and between presses, so a press
// the game took is neither held on nor followed by another that would
// land on the next screen (a briefing card).
async function pressUntil(page, key, done, what, timeout) {
  const count = (n) => (typeof key === 'string' ? `${n} presses of ${key}` : `${n} clicks at ${JSON.stringify(key)}`);
  const act = (deadline) => hold(page, key, PRESS_FRAMES, Math.max(0, Math.min(HOLD_MS, deadline - Date.now())), done);
  return repeat(page, act, RETRY_MS - HOLD_MS, done, what, count, timeout);
}

// autosaveTurns returns how many turns the autosave in localStorage has
// ended (-1: no autosave).
async function autosaveTurns(page) {
  const text = await page.evaluate((key) => localStorage.getItem(key), AUTOSAVE_KEY);
  if (text === null) {
    return -1;
  }
  return (JSON.parse(text).turns ?? []).length;
}

// open starts a browser with its own empty profile and loads the game,
// running init (if given) in the page before the game's scripts.
async function open(init, initArg, measure, phone) {
  await launch(init, initArg, phone);
  const wire = measure ? await watchModule(page) : null;
  if (measure) {
    // The title is on screen at the first animation frame after the one
    // the game drew it in: Ebitengine sends its draw calls to WebGL as
    // that frame ends, and the browser shows the result before the next.
    // This check runs first in each frame, before the game's own
    // callback (which, the frame after the title, runs the warm-up).
    await context.addInitScript(() => {
      const poll = () => {
        if (window.sightlineDrawnMs !== undefined) {
          window.smokeTitleShownMs = performance.now();
          return;
        }
        requestAnimationFrame(poll);
      };
      requestAnimationFrame(poll);
    });
  }

  lastScene = null;
  log(`open ${url}`);
  // ?mute: the page starts without sound (main_js.go, startMuted).
  await page.goto(url + (url.includes('?') ? '&' : '?') + 'mute', { waitUntil: 'load', timeout: STEP_TIMEOUT_MS });
  await waitScene(page, 'title', SCENE_TIMEOUT_MS);
  await page.waitForSelector('canvas', { timeout: STEP_TIMEOUT_MS });
  if (measure) {
    await page.waitForFunction(() => window.smokeTitleShownMs !== undefined, null, { timeout: STEP_TIMEOUT_MS });
    const drawn = await page.evaluate(() => ({
      ms: window.smokeTitleShownMs, scene: window.sightlineDrawn,
      stages: { ...(window.sightlineLoad ?? {}), drawnMs: window.sightlineDrawnMs },
    }));
    const load = { ...wire.result(), titleMs: drawn.ms, firstScene: drawn.scene, stages: drawn.stages };
    writeFileSync(loadOut, JSON.stringify(load, null, 1));
    log(`sightline.wasm: ${load.wireBytes} bytes over the wire (Content-Encoding ${JSON.stringify(load.contentEncoding)}, ` +
      `Content-Length ${load.contentLength}, ${load.uncompressedLength} uncompressed); ` +
      `the ${drawn.scene} on screen ${(drawn.ms / 1000).toFixed(2)}s after the navigation; ` +
      `the stages before it (ms): ${JSON.stringify(drawn.stages)}`);
  }
  await warmedUp(page);
}

// warmedUp waits until the game on p has warmed up (main.go's warmUp:
// the computer plays a few turns, window.sightlineWarmupMs), which it
// does on the title once the title is on screen. Meanwhile the page
// draws no frame and reads no input (20 s at load 20), and presses made
// then reached the game all at once after it, some on the screen the
// first opened; the online run's Red then lost its Enter
// (docs/PERFORMANCE.md, the nineteenth pass).
async function warmedUp(p) {
  const ms = await waitFor(() => p.evaluate(() => window.sightlineWarmupMs), 'the warm-up on the title (window.sightlineWarmupMs)',
    2 * SCENE_TIMEOUT_MS);
  log(`warmed up after ${elapsed()} (${(ms / 1000).toFixed(1)}s in the page)`);
}

// launch starts Chromium with a fresh profile (a phone's viewport, touch
// and mobile emulation if phone is set), init (if given) as an init
// script, and watches its page for errors. A browser on the display whose
// page gets no WebGL 2 gives way to a headless one on SwiftShader.
async function launch(init, initArg, phone) {
  let gl = renderer();
  const display = gl === 'system' ? await privateDisplay() : null;
  if (gl === 'system' && display === null) {
    log('no Xvfb of its own started: headless on SwiftShader instead');
    gl = 'swiftshader';
  }
  context = await startChromium(gl, phone, display);
  if (gl === 'system') {
    const have = await webGL2(context.pages()[0] ?? await context.newPage());
    if (have === null) {
      log(`no WebGL 2 on display ${display}: headless on SwiftShader instead`);
      await context.close();
      gl = 'swiftshader';
      context = await startChromium(gl, phone, null);
    } else {
      log(`Chromium started on its own Xvfb ${display}, WebGL by ${have}`);
    }
  }
  if (gl === 'swiftshader') {
    log('Chromium started headless, WebGL by SwiftShader');
  }
  const cap = frameCap();
  if (cap > 0) {
    await context.addInitScript(capFrames, cap);
  }
  if (init) {
    await context.addInitScript(init, initArg);
  }
  page = context.pages()[0] ?? await context.newPage();
  // A screenshot waits for a frame, which the page's one thread draws only
  // between the game's updates: on a loaded machine that took over 30 s.
  context.setDefaultTimeout(PAGE_TIMEOUT_MS);
  page.on('console', (msg) => {
    if (msg.type() === 'error') {
      problems.push(`console error: ${msg.text()}`);
    }
    consoleTail.push(`${msg.type()}: ${msg.text()}`);
    if (consoleTail.length > 40) {
      consoleTail.shift();
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
}

// startChromium starts Chromium with a fresh profile, drawing WebGL as gl
// says (renderer), its windows on the X display display (for 'system'),
// with a phone's viewport if phone is set.
async function startChromium(gl, phone, display) {
  const dir = mkdtempSync(join(tmpdir(), 'sightline-chromium-'));
  userDataDirs.push(dir);
  return chromium.launchPersistentContext(dir, {
    executablePath: process.env.SIGHTLINE_CHROMIUM || '/usr/bin/chromium',
    headless: gl === 'swiftshader',
    env: display ? { ...process.env, DISPLAY: display } : process.env,
    args: [
      '--no-sandbox',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      ...(gl === 'swiftshader' ? [
        // WebGL without a GPU or a display: Chromium's software renderer.
        '--headless',
        '--disable-gpu',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ] : [
        // WebGL through ANGLE on the display's OpenGL (under Xvfb, Mesa's
        // llvmpipe, which Chromium's GPU block list would refuse).
        '--use-gl=angle',
        '--use-angle=gl',
        '--ignore-gpu-blocklist',
        // Off the screen, where the display's pointer (its middle) never
        // is: a window raised or mapped under it gives its page a real
        // mouse move, which moved the game's cursor between a synthetic
        // move and its click (the online run's two windows).
        '--window-position=-3000,0',
      ]),
    ],
    viewport: phone ? PHONE : { width: 1280, height: 720 },
    deviceScaleFactor: 1,
    hasTouch: !!phone,
    isMobile: !!phone,
  });
}

// webGL2 returns the renderer a WebGL 2 context on page reports, or null if
// the page gets none.
async function webGL2(page) {
  return page.evaluate(() => {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) {
      return null;
    }
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return String(name);
  });
}

// renderer returns how the pages draw their WebGL: 'system' (browser
// windows on an Xvfb display of the run's own, privateDisplay, WebGL
// through ANGLE on its OpenGL, Mesa's llvmpipe) when Xvfb is installed,
// else 'swiftshader' (headless, Chromium's own software renderer);
// SIGHTLINE_SMOKE_GL=swiftshader or =system chooses. llvmpipe draws the
// same frames for some a third of SwiftShader's CPU (docs/PERFORMANCE.md,
// the test run). The frame-rate and think-time runs keep SwiftShader, the
// renderer their recorded figures were measured on, unless told otherwise.
function renderer() {
  const env = process.env.SIGHTLINE_SMOKE_GL;
  if (env === 'swiftshader' || env === 'system') {
    return env;
  }
  if (env) {
    throw new Error(`SIGHTLINE_SMOKE_GL=${env}: want system or swiftshader`);
  }
  const mode = process.env.SIGHTLINE_SMOKE;
  if (mode === 'fps' || mode === 'think' || !onPath('Xvfb')) {
    return 'swiftshader';
  }
  return 'system';
}

// onPath reports whether the command name is a file in a folder of PATH.
function onPath(name) {
  return (process.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, name)));
}

// xvfb is the run's own X server (privateDisplay): its process and display.
let xvfb = null;

// privateDisplay starts an Xvfb for this run's browsers alone (again if
// the last one ended) and returns its display (":N"), or null if none
// started within 20 s. A display of their own, not the test run's: on a
// shared one, another test's window (a browser's, the desktop game's)
// took the input focus from a page between its keys, and a page's window
// raised under the shared pointer got real mouse moves. It ends with its
// last browser (-terminate), so a run killed on its timeout leaves none.
async function privateDisplay() {
  if (xvfb) {
    return xvfb.display;
  }
  const proc = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp', '-terminate'],
    { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
  const display = await new Promise((resolve) => {
    let said = '';
    const timer = setTimeout(() => resolve(null), 20_000);
    proc.stdio[3].on('data', (d) => {
      said += d;
      if (said.includes('\n')) {
        clearTimeout(timer);
        resolve(`:${said.trim()}`);
      }
    });
    proc.on('error', () => { clearTimeout(timer); resolve(null); });
    proc.on('exit', () => { clearTimeout(timer); resolve(null); });
  });
  if (display === null) {
    proc.kill();
    return null;
  }
  xvfb = { proc, display };
  proc.on('exit', () => {
    if (xvfb?.proc === proc) {
      xvfb = null;
    }
  });
  return display;
}

// stopDisplay ends the run's own Xvfb, if one is up, and waits until it
// has: with -terminate it ends by itself once its last browser has gone,
// and the smoke's second browser, started while it was ending, found no
// X server ("Missing X server or $DISPLAY"). The next launch starts
// another.
async function stopDisplay() {
  const x = xvfb;
  xvfb = null;
  if (!x || x.proc.exitCode !== null || x.proc.signalCode !== null) {
    return;
  }
  const gone = new Promise((resolve) => x.proc.once('exit', resolve));
  x.proc.kill();
  await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

// FRAME_CAP is how many frames a second a page may draw, unless the run
// measures frames (fps, think) or SIGHTLINE_SMOKE_FPS says otherwise (0: no
// cap). Chromium's software WebGL spends some 0.1 CPU s on each of the
// game's frames, and a page draws as many as the CPU it gets allows, every
// one of them nobody looks at: capped, a page leaves the CPU to the test
// run's other processes. The game keeps its ticks' pace down to 2 frames
// a second (main_ticks.go), and the smoke's waits count frames or poll.
const FRAME_CAP = 2;

function frameCap() {
  const mode = process.env.SIGHTLINE_SMOKE;
  if (mode === 'fps' || mode === 'think') {
    return 0;
  }
  const env = process.env.SIGHTLINE_SMOKE_FPS;
  return env === undefined || env === '' ? FRAME_CAP : Number(env);
}

// capFrames, an init script, lets the page's requestAnimationFrame
// callbacks run at most cap times a second once the game has drawn its
// first frame (window.sightlineDrawnMs, so the start the smoke measures is
// as it was): a callback asked for sooner waits on a timer for the frame
// after the next allowed time, so the page sleeps in between instead of
// being woken at every vsync.
function capFrames(cap) {
  const raf = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  const gap = 1000 / cap;
  let next = 0; // the earliest time (performance.now) of the next frame let through
  let ids = 0;
  const pending = new Map(); // our id -> {timer} or {frame}
  window.requestAnimationFrame = (cb) => {
    const id = ++ids;
    const run = () => {
      pending.set(id, { frame: raf((t) => {
        pending.delete(id);
        if (t >= next) {
          next = t + gap;
        }
        cb(t);
      }) });
    };
    const wait = window.sightlineDrawnMs === undefined ? 0 : next - performance.now();
    if (wait > 0) {
      pending.set(id, { timer: setTimeout(run, wait) });
    } else {
      run();
    }
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    const p = pending.get(id);
    pending.delete(id);
    if (p?.timer !== undefined) {
      clearTimeout(p.timer);
    } else if (p?.frame !== undefined) {
      cancel(p.frame);
    }
  };
}

// watchModule records, through the Chrome DevTools Protocol, the response
// for sightline.wasm and the bytes it took over the wire; result() returns
// them once the page has loaded.
async function watchModule(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  let id = null;
  const seen = {};
  cdp.on('Network.responseReceived', (ev) => {
    if (new URL(ev.response.url).pathname.endsWith('/sightline.wasm')) {
      id = ev.requestId;
      const h = Object.fromEntries(Object.entries(ev.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      seen.status = ev.response.status;
      seen.contentEncoding = h['content-encoding'] ?? '';
      seen.contentLength = Number(h['content-length'] ?? -1);
      seen.uncompressedLength = Number(h['x-uncompressed-length'] ?? -1);
    }
  });
  cdp.on('Network.loadingFinished', (ev) => {
    if (ev.requestId === id) {
      seen.wireBytes = ev.encodedDataLength;
    }
  });
  return {
    result() {
      if (seen.wireBytes === undefined) {
        throw new Error('the browser reported no finished download of sightline.wasm');
      }
      return { ...seen };
    },
  };
}

async function main() {
  await open(null, null, !savePath);
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
  const still = await top();
  if (still !== 'handover') {
    throw new Error(`the handover screen went while it was shot, without a key (on top: ${JSON.stringify(still)})`);
  }
  writeFileSync(handoverOut, handoverShot);
  log(`wrote ${handoverOut}`);
  await pressUntil(page, 'e', async () => await autosaveTurns(page) >= 2, "Red's turn ended", TURN_TIMEOUT_MS);
  const scene = await page.evaluate(() => window.sightlineScene ?? null);
  if (scene !== 'battle') {
    throw new Error(`after Red's turn the scene is ${JSON.stringify(scene)}, want "battle"`);
  }
  const autosave = await page.evaluate((key) => localStorage.getItem(key), AUTOSAVE_KEY);
  writeFileSync(autosaveOut, autosave);
  log(`wrote ${autosaveOut} (${autosave.length} bytes)`);
  if (problems.length > 0) {
    throw new Error('the page reported errors');
  }
  await context.close();
  context = null;
  page = null;
  await stopDisplay();

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
// page load is measured if measure is set.
async function resume(measure) {
  // Native -> browser: a fresh browser whose only save is SAVE.json.
  // Continue, the title's first enabled item, re-plays and verifies it;
  // a save that fails stays on the title with a note.
  const text = readFileSync(savePath, 'utf8');
  await open(([key, value]) => {
    if (localStorage.getItem(key) === null) {
      localStorage.setItem(key, value);
    }
  }, [GOLDEN_KEY, text], measure);
  const keys = await page.evaluate(() => Object.keys(localStorage));
  if (keys.length !== 1 || keys[0] !== GOLDEN_KEY) {
    throw new Error(`the fresh page's localStorage holds ${JSON.stringify(keys)}, want only ${GOLDEN_KEY}`);
  }
  await page.focus('canvas');
  await exportSave();
  // Continue re-plays and verifies the save first ("resuming"): on a
  // loaded machine that took 52-55 s.
  await advance(page, 'Enter', 'battle', 2 * SCENE_TIMEOUT_MS);
  await waitFor(async () => { const v = await battle(page); return v && !v.busy; }, 'the resumed battle at rest', SCENE_TIMEOUT_MS);
  await frames(page, SHOT_FRAMES, SHOT_FRAMES * RETRY_MS);
  await page.screenshot({ path: resumedOut });
  log(`wrote ${resumedOut} after ${elapsed()}`);
  await importFiles();
  if (problems.length > 0) {
    throw new Error('the page reported errors');
  }
  await context.close();
  context = null;
  page = null;
}

// exportSave exports the save from the load screen (7 on the title; X
// downloads the save with the focus) to OUT-export.json and goes back
// to the title.
async function exportSave() {
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
async function drop(name, text, size) {
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
async function waitNote(want, what) {
  await waitFor(async () => {
    const note = await page.evaluate(() => document.getElementById('share-note')?.textContent ?? '');
    return note.includes(want) ? note : null;
  }, what, STEP_TIMEOUT_MS);
}

// importFiles brings files into the resumed battle's page: hostile ones
// refused with a message, the game still running; the export, picked
// with the visible Import button and dropped, resumed each time.
async function importFiles() {
  const max = await page.evaluate(() => window.sightlineMaxBytes);
  await drop('huge.json', null, max + 1);
  await waitNote('more than the', 'the page refusing a file over the size limit');
  if (await scene(page) !== 'battle') {
    throw new Error(`after a file over the limit the scene is ${JSON.stringify(await scene(page))}, want the battle still`);
  }
  log(`a file of ${max + 1} bytes refused after ${elapsed()}`);

  await drop('broken.json', '{"format": 1, "seed": 1, "seed": 2}');
  await waitScene(page, 'title', SCENE_TIMEOUT_MS);
  await waitNote('seed: given twice', 'the game refusing a malformed file');
  const refused = await page.evaluate(() => document.getElementById('share-note').textContent);
  log(`a malformed file refused: ${JSON.stringify(refused)}`);

  const button = page.locator('#import');
  await button.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
  const [chooser] = await Promise.all([page.waitForEvent('filechooser', { timeout: STEP_TIMEOUT_MS }), button.click()]);
  await chooser.setFiles(exportOut);
  await waitScene(page, 'battle', SCENE_TIMEOUT_MS);
  log(`the export, picked with the Import button, resumed after ${elapsed()}`);

  await drop('broken.json', '{"format": 1, "seed": 1, "seed": 2}');
  await waitScene(page, 'title', SCENE_TIMEOUT_MS);
  await drop('golden.json', readFileSync(exportOut, 'utf8'));
  await waitScene(page, 'battle', SCENE_TIMEOUT_MS);
  log(`the export, dropped on the page, resumed after ${elapsed()}`);
}

// watchComputer opens a fresh browser and has the computer play both
// sides of Outpost: 6 (the title's sixth item, Watch the computer), then a
// click on Outpost's row. Space, held every other second, skips the
// animations, which would otherwise take most of the time. Once the
// computer has made WATCH_DECISIONS decisions, or WATCH_MS passed, the
// game's think figures are written to OUT-think.json with the seconds
// watched; the Go test checks them.
async function watchComputer() {
  await open();
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

// tapUntil taps at until done() is true or timeout passes; what names the
// goal for messages. It returns the taps made. pause, when given, is how
// long it waits after each tap for the game to answer (a busy machine's
// page may take seconds, and a tap more could land on the next screen).
async function tapUntil(cdp, page, at, done, what, timeout, pause = 0) {
  return repeat(page, () => tap(cdp, page, at), pause, done, what, (n) => `${n} taps at ${JSON.stringify(at)}`, timeout);
}

// toScene has until (pressUntil or tapUntil, with the goal given) act
// until the game starts a screen change (window.sightlineChanges grows),
// then waits for the scene want; it returns the acts. None follows the
// one the game took, so none lands on the next screen (a briefing card).
async function toScene(page, want, timeout, until) {
  const deadline = Date.now() + timeout;
  const before = await changes(page);
  const n = await until(async () => (await changes(page)) > before, `a screen change towards "${want}"`, timeout);
  await waitScene(page, want, Math.max(0, deadline - Date.now()));
  return n;
}

// advance presses key (a key's name, or {x, y} to click there), as
// pressUntil does, until the game starts a screen change, then waits for
// the scene want; it returns the presses.
async function advance(page, key, want, timeout) {
  return toScene(page, want, timeout, (done, what, t) => pressUntil(page, key, done, what, t));
}

// tapTo taps at, as tapUntil does, until the game starts a screen change,
// then waits for the scene want; it returns the taps.
async function tapTo(cdp, page, at, want, timeout, pause = 0) {
  return toScene(page, want, timeout, (done, what, t) => tapUntil(cdp, page, at, done, what, t, pause));
}

// briefingUp reports whether a battle's briefing card is up
// (window.sightlineBriefing, published from the battle's first frame on;
// null before it).
async function briefingUp(page) {
  return page.evaluate(() => window.sightlineBriefing ?? null);
}

// dismissBriefing waits for the battle's first frame, fails unless its
// briefing card is up (a card already gone was closed by a press meant
// for the screen before it), then has dismiss (pressUntil or tapUntil with
// the goal given) take it down; it returns the presses and fails unless
// one was needed.
async function dismissBriefing(page, dismiss) {
  await waitFor(async () => (await briefingUp(page)) !== null, 'the battle\'s first frame (window.sightlineBriefing)', 2 * SCENE_TIMEOUT_MS);
  if ((await briefingUp(page)) !== true) {
    throw new Error('the battle is on screen without its briefing card (a press meant for the screen before closed it?)');
  }
  const presses = await dismiss(async () => (await briefingUp(page)) === false, 'the briefing dismissed', 2 * SCENE_TIMEOUT_MS);
  if (presses < 1) {
    throw new Error('the briefing went without a press of its own');
  }
  return presses;
}

async function battle(page) {
  return page.evaluate(() => window.sightlineBattle ?? null);
}

// sleep waits ms milliseconds.
function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

// waitFor polls cond (an async function returning a value) every poll
// milliseconds until it returns something truthy, and returns that.
async function waitFor(cond, what, timeout, poll = 250) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await cond();
    if (v) {
      return v;
    }
    if (problems.length > 0 || Date.now() > deadline) {
      throw new Error(`timed out after ${timeout / 1000}s waiting for ${what}`);
    }
    await new Promise((r) => setTimeout(r, poll));
  }
}

// touchRun plays a phone-sized page by finger alone: Hot-seat on the
// title, a level chosen on the level select (a first tap on a row shows
// its card, a second starts it), the briefing dismissed, then in the
// battle a Blue unit selected, a tile tapped once (the move is only
// previewed: armed, the unit stays) and again (the unit moves), a pinch
// outward (the camera zooms in) and a one-finger drag (the camera pans).
// It writes the screens as OUT-touch-*.png and what it saw as
// OUT-touch.json, which the Go test checks.
async function touchRun() {
  const t0 = Date.now();
  await open(null, null, false, true);
  const cdp = await context.newCDPSession(page);
  const report = { viewport: PHONE };
  await page.waitForTimeout(500);
  await page.screenshot({ path: touchOut('title') });
  report.titleTaps = await tapTo(cdp, page, await target(page, 'Hot-seat', 'item'), 'levels', SCENE_TIMEOUT_MS);
  await page.waitForTimeout(1000);
  await tap(cdp, page, await levelRow(page, 1));
  await page.screenshot({ path: touchOut('levels') });
  report.stillOnLevels = (await scene(page)) === 'levels';
  report.levelTaps = await tapTo(cdp, page, await levelRow(page, 0), 'battle', SCENE_TIMEOUT_MS);
  // Points on the battle's screen as fractions of it: held upright it is
  // taller than wide (window.sightline.screen).
  const scr = await screenSize(page);
  const on = (fx, fy) => ({ x: scr.w * fx, y: scr.h * fy });
  report.briefingTaps = await dismissBriefing(page, (done, what, timeout) => tapUntil(cdp, page, on(0.5, 0.5), done, what, timeout));
  let b = await waitFor(async () => { const v = await battle(page); return v && !v.busy ? v : null; }, 'the battle at rest', SCENE_TIMEOUT_MS);

  // A Blue foot unit on the clear part of the screen (and of the map's,
  // which a zoomed-in camera passes under the bars), or any Blue one.
  const blue = b.units.filter((u) => u.side === 0 && u.alive && u.size === 1);
  const unit = blue.find((u) => u.clear && u.x > scr.w / 4 && u.x < scr.w * 3 / 4 && u.y > scr.h * 0.15 && u.y < scr.h * 0.78) ?? blue[0];
  if (!unit) {
    throw new Error('no Blue foot unit in the battle');
  }
  report.unit = unit;
  report.selectTaps = await tapUntil(cdp, page, unit, async () => (await battle(page))?.selected === unit.id,
    `Blue unit ${unit.id} selected`, STEP_TIMEOUT_MS);
  b = await waitFor(async () => { const v = await battle(page); return v?.reach?.length ? v : null; }, 'a reachable tile', STEP_TIMEOUT_MS);
  // The reachable tile farthest from the unit.
  const far = b.reach.reduce((a, q) => (Math.hypot(q.tx - unit.tx, q.ty - unit.ty) > Math.hypot(a.tx - unit.tx, a.ty - unit.ty) ? q : a));
  report.target = far;
  const at = (v) => v.units.find((u) => u.id === unit.id);
  await tapUntil(cdp, page, far, async () => { const v = await battle(page); return v?.armed?.tx === far.tx && v.armed.ty === far.ty; },
    `the move to (${far.tx},${far.ty}) previewed`, STEP_TIMEOUT_MS);
  b = await battle(page);
  report.previewKeptUnit = at(b).tx === unit.tx && at(b).ty === unit.ty;
  report.touchMode = b.touch;
  await page.screenshot({ path: touchOut('preview') });
  await tap(cdp, page, far);
  b = await waitFor(async () => { const v = await battle(page); const u = v && at(v); return u && u.tx === far.tx && u.ty === far.ty ? v : null; },
    `unit ${unit.id} on (${far.tx},${far.ty})`, STEP_TIMEOUT_MS);
  report.moved = true;
  log(`unit ${unit.id} moved (${unit.tx},${unit.ty}) -> (${far.tx},${far.ty}) by two taps after ${elapsed()}`);
  await waitFor(async () => { const v = await battle(page); return v && !v.busy; }, 'the walk played', STEP_TIMEOUT_MS);
  await page.screenshot({ path: touchOut('moved') });

  // Pinch outward around the middle of the map: the camera zooms in.
  report.cameraBefore = (await battle(page)).camera;
  await gesture(cdp, page, [on(0.453, 0.458), on(0.547, 0.458)], [on(0.344, 0.458), on(0.656, 0.458)], 3, 2000);
  report.cameraPinched = (await battle(page)).camera;
  // One finger dragged left and up: the view follows the map.
  await gesture(cdp, page, [on(0.547, 0.45)], [on(0.359, 0.3)], 3, 2000);
  report.cameraDragged = (await battle(page)).camera;
  log(`camera ${JSON.stringify(report.cameraBefore)} -> pinch ${JSON.stringify(report.cameraPinched)} -> drag ${JSON.stringify(report.cameraDragged)}`);
  await page.screenshot({ path: touchOut('camera') });
  report.seconds = (Date.now() - t0) / 1000;
  writeFileSync(touchJSON, JSON.stringify(report, null, 1));
  log(`wrote ${touchJSON} after ${elapsed()}`);
  if (problems.length > 0) {
    throw new Error('the page reported errors');
  }
}

// tourRun shoots the screens a player meets on a phone for `make tour`:
// upright the title and the settings (a tap on Settings, then Back),
// sideways the title, upright the level select against the computer (a
// tap on Play vs computer), then sideways the level select, the briefing
// (taps on Crossroads) and the battle after a tap on a Blue unit (which
// turns on the touch controls), then the battle turned upright again.
async function tourRun() {
  await open(null, null, false, true);
  await page.waitForTimeout(500);
  await page.screenshot({ path: tourOut('upright') });
  // By finger, tapping the controls by the names the game publishes.
  const cdp = await context.newCDPSession(page);
  const turn = async (upright) => {
    await page.setViewportSize(upright ? { width: PHONE.width, height: PHONE.height } : { width: PHONE.height, height: PHONE.width });
    await page.waitForTimeout(2000);
  };
  await tapTo(cdp, page, await target(page, 'Settings', 'item'), 'settings', SCENE_TIMEOUT_MS);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: tourOut('settings-upright') });
  await tapTo(cdp, page, await target(page, 'Back', 'button'), 'title', SCENE_TIMEOUT_MS);
  await turn(false);
  await page.screenshot({ path: tourOut('title') });
  await turn(true);
  await tapTo(cdp, page, await target(page, 'Play vs computer', 'item'), 'levels', SCENE_TIMEOUT_MS);
  await page.waitForTimeout(1000);
  await page.screenshot({ path: tourOut('levels-upright') });
  await turn(false);
  await page.screenshot({ path: tourOut('levels') });
  // The first tap shows the level's card, the second starts it: no third
  // is made once the change began (it would close the briefing).
  await tapTo(cdp, page, await target(page, 'Crossroads', 'level'), 'battle', SCENE_TIMEOUT_MS, 5000);
  await dismissBriefing(page, async (done, what, timeout) => {
    await page.waitForTimeout(2000);
    await page.screenshot({ path: tourOut('briefing') });
    await page.focus('canvas');
    return pressUntil(page, 'l', done, what, timeout);
  });
  const b = await waitFor(async () => { const v = await battle(page); return v && !v.busy ? v : null; }, 'the battle at rest', SCENE_TIMEOUT_MS);
  const blue = b.units.filter((u) => u.side === 0 && u.alive && u.size === 1);
  const unit = blue.find((u) => u.clear) ?? blue[0];
  if (unit) {
    await tapUntil(cdp, page, unit, async () => (await battle(page))?.selected === unit.id, `Blue unit ${unit.id} selected`, STEP_TIMEOUT_MS);
  }
  await page.waitForTimeout(1000);
  await page.screenshot({ path: tourOut('battle') });
  // Turned upright again, the battle lays itself out upright: the map
  // across the page, the controls stacked under it.
  await page.setViewportSize({ width: PHONE.width, height: PHONE.height });
  await page.waitForTimeout(2000);
  await page.screenshot({ path: tourOut('battle-upright') });
  log(`the tour's phone screens after ${elapsed()}`);
  if (problems.length > 0) {
    throw new Error('the page reported errors');
  }
}

// fpsRun loads the page with ?fps=FPS_SECS (and the page's other
// parameters, such as module=fpsref, from the URL) and waits for the frame
// rate report the game or the reference program logs to the console when
// it ends (main.go, internal/fpsref); it writes it to OUT-fps.json.
async function fpsRun() {
  const secs = Number(process.env.FPS_SECS || 10);
  await launch();
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
  let scene;
  setInterval(() => {
    if (window.sightlineScene !== scene) {
      scene = window.sightlineScene;
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
async function onlineRun() {
  const redURL = process.env.SIGHTLINE_ONLINE_RED;
  if (!redURL) {
    throw new Error('SIGHTLINE_ONLINE_RED: want the link to Red\'s seat');
  }
  await launch(null, null, false);
  const pages = { blue: page, red: await newWindow(page) };
  // The failure's shot is Blue's page (page): Red's beside it.
  redPage = pages.red;
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
    const target = document.querySelector('canvas') ?? document.body;
    target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
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
    await p.screenshot({ path: out.replace(/\.png$/, `-online-${name}.png`) });
  }
  writeFileSync(out.replace(/\.png$/, '-online.json'), JSON.stringify({ ...seen, joinedBy, presses: ends, briefingPresses, seconds: (Date.now() - started) / 1000 }));
  log(`online match over after ${elapsed()}: ${JSON.stringify(seen)}`);
}

let failed = false;
try {
  if (process.env.SIGHTLINE_SMOKE === 'online') {
    await onlineRun();
  } else if (process.env.SIGHTLINE_SMOKE === 'fps') {
    await fpsRun();
  } else if (process.env.SIGHTLINE_SMOKE === 'think') {
    await watchComputer();
  } else if (process.env.SIGHTLINE_SMOKE === 'touch') {
    await touchRun();
  } else if (process.env.SIGHTLINE_SMOKE === 'tour') {
    await tourRun();
  } else if (process.env.SIGHTLINE_SMOKE === 'share') {
    // Only the page that resumes SAVE.json, exports it and brings files in.
    await resume();
  } else if (process.env.SIGHTLINE_SMOKE === 'load') {
    // Only the first page load, measured (OUT-load.json, OUT-title.png).
    await open(null, null, true);
    await page.screenshot({ path: titleOut });
  } else {
    await main();
  }
} catch (err) {
  failed = true;
  console.error(`smoke: FAIL: ${err.message}`);
  for (const line of consoleTail) {
    console.error(`smoke: console ${line}`);
  }
  if (page) {
    const failOut = out.replace(/\.png$/, '-failure.png');
    await page.screenshot({ path: failOut, timeout: 5_000 }).then(
      () => console.error(`smoke: the page at the failure: ${failOut}`),
      () => {});
  }
  if (redPage) {
    const seen = await redPage.evaluate(() => window.smokeInput ?? []).catch(() => []);
    console.error(`smoke: Red's page's input (ms after its start, the scene):\n${seen.join('\n')}`);
    const failOut = out.replace(/\.png$/, '-failure-red.png');
    await redPage.screenshot({ path: failOut, timeout: 5_000 }).then(
      () => console.error(`smoke: Red's page at the failure: ${failOut}`),
      () => {});
  }
} finally {
  for (const p of problems) {
    console.error(`smoke: ${p}`);
  }
  if (context) {
    await context.close().catch(() => {});
  }
  for (const dir of userDataDirs) {
    rmSync(dir, { recursive: true, force: true });
  }
  xvfb?.proc.kill();
}
if (failed || problems.length > 0) {
  process.exit(1);
}
log('ok');
