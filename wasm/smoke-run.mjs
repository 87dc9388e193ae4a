// smoke-run.mjs holds what every part of the browser smoke (smoke.mjs)
// shares: the command line, the timeouts and press timings, the problems
// the pages reported, the log and the waits on a condition.
import { readFileSync, readdirSync } from 'node:fs';

// The command line: node wasm/smoke.mjs URL OUT.png [SAVE.json]
// (smoke.mjs checks it before any run starts).
export const [url, out, savePath] = process.argv.slice(2);

// outPath returns the file named by OUT.png with its ".png" replaced by
// suffix ("-title.png", "-touch.json").
export function outPath(suffix) {
  return out.replace(/\.png$/, suffix);
}

export const SCENE_TIMEOUT_MS = 60_000;
export const STEP_TIMEOUT_MS = 30_000;
// Playwright's own actions (screenshots, evaluations) on a loaded machine.
export const PAGE_TIMEOUT_MS = 120_000;
// A turn's end: the events play and the handover screen takes ~10 ticks
// before it accepts a key, some 10 s at the software renderer's frame rate.
export const TURN_TIMEOUT_MS = 60_000;
// A resumed battle's frames before its screenshot, once it is at rest: the
// scenes fade by the clock in a fifth of a second, and each frame let
// through comes at least 1/FRAME_CAP s after the last.
export const SHOT_FRAMES = 3;
// pressUntil (smoke-input.mjs) holds its key over PRESS_FRAMES frames of
// the page, at most HOLD_MS, and presses again every RETRY_MS: the game
// reads its keys once an update, one or more a frame.
export const HOLD_MS = 1_000;
export const PRESS_FRAMES = 2;
export const RETRY_MS = 4_000;

// problems are the errors the pages reported (console errors, page
// errors, crashes, failed requests): the runs fail on the first.
export const problems = [];
// consoleTail holds the pages' last console lines, printed on a failure:
// a Go panic is written there line by line as console.log, not as an error.
export const consoleTail = [];
// onFailure holds what a run asks the failure report to do after it shot
// the page (the online run: Red's page and the input it got).
export const onFailure = [];

const started = Date.now();

// log prints msg with the CPU used so far.
export function log(msg) {
  console.log(`smoke: ${msg} [${cpuSoFar()}]`);
}

// elapsed returns the seconds since the start, for messages.
export function elapsed() {
  return `${((Date.now() - started) / 1000).toFixed(1)}s`;
}

// secondsSinceStart returns the seconds since the start.
export function secondsSinceStart() {
  return (Date.now() - started) / 1000;
}

// sleep waits ms milliseconds.
export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

// waitFor polls cond (an async function returning a value) every poll
// milliseconds until it returns something truthy, and returns that.
export async function waitFor(cond, what, timeout, poll = 250) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await cond();
    if (v) {
      return v;
    }
    if (problems.length > 0 || Date.now() > deadline) {
      throw new Error(`timed out after ${timeout / 1000}s waiting for ${what}`);
    }
    await sleep(poll);
  }
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
