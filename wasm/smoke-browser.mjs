// smoke-browser.mjs starts the browser smoke's Chromium (smoke.mjs): on
// an Xvfb of the run's own, else headless on SwiftShader, its frames
// capped, its pages watched for errors; it opens the game on the title,
// measuring the load if asked, and ends the browser.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PHONE } from './touch.mjs';
import { waitScene } from './smoke-input.mjs';
import {
  PAGE_TIMEOUT_MS, SCENE_TIMEOUT_MS, STEP_TIMEOUT_MS, consoleTail, elapsed, log, outPath, problems, url, waitFor,
} from './smoke-run.mjs';

// browser is the run's browser (launch): its context and first page,
// which the runs drive, the failure report shoots and closeBrowser ends.
export const browser = { context: null, page: null };

// userDataDirs are the browsers' profiles, removed at the end.
const userDataDirs = [];

// open starts a browser with its own empty profile and loads the game,
// running init (if given) in the page before the game's scripts, and
// returns its page once the title has warmed up. With measure set it
// writes the load's figures to OUT-load.json; phone is as for launch.
export async function open(init, initArg, measure, phone) {
  const { context, page } = await launch(init, initArg, phone);
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
    writeFileSync(outPath('-load.json'), JSON.stringify(load, null, 1));
    log(`sightline.wasm: ${load.wireBytes} bytes over the wire (Content-Encoding ${JSON.stringify(load.contentEncoding)}, ` +
      `Content-Length ${load.contentLength}, ${load.uncompressedLength} uncompressed); ` +
      `the ${drawn.scene} on screen ${(drawn.ms / 1000).toFixed(2)}s after the navigation; ` +
      `the stages before it (ms): ${JSON.stringify(drawn.stages)}`);
  }
  await warmedUp(page);
  return page;
}

// warmedUp waits until the game on p has warmed up (main.go's warmUp:
// the computer plays a few turns, window.sightlineWarmupMs), which it
// does on the title once the title is on screen. Meanwhile the page
// draws no frame and reads no input (20 s at load 20), and presses made
// then reached the game all at once after it, some on the screen the
// first opened; the online run's Red then lost its Enter
// (docs/PERFORMANCE.md, the nineteenth pass).
export async function warmedUp(p) {
  const ms = await waitFor(() => p.evaluate(() => window.sightlineWarmupMs), 'the warm-up on the title (window.sightlineWarmupMs)',
    2 * SCENE_TIMEOUT_MS);
  log(`warmed up after ${elapsed()} (${(ms / 1000).toFixed(1)}s in the page)`);
}

// launch starts Chromium with a fresh profile (a phone's viewport, touch
// and mobile emulation if phone is set), init (if given) as an init
// script, and watches its page for errors; it returns browser, which
// holds them. A browser on the display whose page gets no WebGL 2 gives
// way to a headless one on SwiftShader.
export async function launch(init, initArg, phone) {
  let context;
  let gl = renderer();
  const display = gl === 'system' ? await privateDisplay() : null;
  if (gl === 'system' && display === null) {
    log('no Xvfb of its own started: headless on SwiftShader instead');
    gl = 'swiftshader';
  }
  context = browser.context = await startChromium(gl, phone, display);
  if (gl === 'system') {
    const have = await webGL2(context.pages()[0] ?? await context.newPage());
    if (have === null) {
      log(`no WebGL 2 on display ${display}: headless on SwiftShader instead`);
      await context.close();
      gl = 'swiftshader';
      context = browser.context = await startChromium(gl, phone, null);
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
  const page = context.pages()[0] ?? await context.newPage();
  browser.page = page;
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
  return browser;
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

// closeBrowser closes the run's browser and ends its Xvfb (stopDisplay),
// so that the next launch starts afresh.
export async function closeBrowser() {
  const context = browser.context;
  browser.context = null;
  browser.page = null;
  if (context) {
    await context.close();
  }
  await stopDisplay();
}

// endBrowser, at the end of the run whatever happened, closes the
// browser, removes its profiles and ends its Xvfb.
export async function endBrowser() {
  if (browser.context) {
    await browser.context.close().catch(() => {});
  }
  for (const dir of userDataDirs) {
    rmSync(dir, { recursive: true, force: true });
  }
  xvfb?.proc.kill();
}
