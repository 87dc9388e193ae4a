// smoke-input.mjs holds what the browser smoke (smoke.mjs) reads of a
// page (its scene, its battle, its screen changes) and the one loop it
// presses, clicks and taps with until the game answers.
import { frames, tap } from './touch.mjs';
import { HOLD_MS, PRESS_FRAMES, RETRY_MS, SCENE_TIMEOUT_MS, elapsed, log, problems, sleep, waitFor } from './smoke-run.mjs';

// scene returns the page's window.sightlineScene (null before the first).
export async function scene(page) {
  return page.evaluate(() => window.sightlineScene ?? null);
}

// sceneForMessage returns the page's scene for an error's message, or
// "unknown" if the page cannot be asked (it crashed).
async function sceneForMessage(page) {
  return scene(page).then((s) => JSON.stringify(s), () => 'unknown');
}

// logged keeps the scene last logged of each page, so that waitScene logs
// each page's scenes once as they come.
const logged = new WeakMap();

// waitScene waits until window.sightlineScene is want, failing early on a
// page error so a crash is not reported as a timeout.
export async function waitScene(page, want, timeout) {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (problems.length > 0) {
      throw new Error(`the page reported errors while waiting for scene "${want}"`);
    }
    const have = await scene(page);
    if (have === want) {
      if (logged.get(page) !== want) {
        log(`scene "${want}" after ${elapsed()}`);
        logged.set(page, want);
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

// battle returns the page's window.sightlineBattle (null outside a battle).
export async function battle(page) {
  return page.evaluate(() => window.sightlineBattle ?? null);
}

// changes returns how many screen changes the game has started
// (window.sightlineChanges: a fade begun; 0 before the first).
export async function changes(page) {
  return page.evaluate(() => window.sightlineChanges ?? 0);
}

// briefingUp reports whether a battle's briefing card is up
// (window.sightlineBriefing, published from the battle's first frame on;
// null before it).
export async function briefingUp(page) {
  return page.evaluate(() => window.sightlineBriefing ?? null);
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

// hold presses key (a key's name, or {x, y} to press the mouse button
// there) and lets go of it once the page has drawn n frames or ms have
// passed or, given done, as soon as done() is true: the game reads its
// input once an update, one or more a frame, and a press held on after
// the game took it could land on the next screen.
export async function hold(page, key, n, ms, done) {
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

// times returns "1 press", "2 presses": n and the noun for it.
function times(n, one, many) {
  return `${n} ${n === 1 ? one : many}`;
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
      throw new Error(`the page reported errors (${count(n)} made for ${what}; the scene is ${await sceneForMessage(page)})`);
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
// done() is true and returns the presses; what is the goal, for messages.
// Under a software renderer the game may draw only a few frames a second
// and it ignores input while a scene fades in, so a short press can fall
// between two input polls: each press is held over PRESS_FRAMES frames of
// the page (at most HOLD_MS) and made again every RETRY_MS. done() is
// read while the key is held, which ends the hold, and between presses,
// so a press the game took is neither held on nor followed by another
// that would land on the next screen (a briefing card).
export async function pressUntil(page, key, done, what, timeout) {
  const count = (n) => (typeof key === 'string' ? `${times(n, 'press', 'presses')} of ${key}`
    : `${times(n, 'click', 'clicks')} at ${JSON.stringify(key)}`);
  const act = (deadline) => hold(page, key, PRESS_FRAMES, Math.max(0, Math.min(HOLD_MS, deadline - Date.now())), done);
  return repeat(page, act, RETRY_MS - HOLD_MS, done, what, count, timeout);
}

// tapUntil taps at until done() is true or timeout passes; what names the
// goal for messages. It returns the taps made. pause, when given, is how
// long it waits after each tap for the game to answer (a busy machine's
// page may take seconds, and a tap more could land on the next screen).
export async function tapUntil(cdp, page, at, done, what, timeout, pause = 0) {
  return repeat(page, () => tap(cdp, page, at), pause, done, what, (n) => `${times(n, 'tap', 'taps')} at ${JSON.stringify(at)}`, timeout);
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
export async function advance(page, key, want, timeout) {
  return toScene(page, want, timeout, (done, what, t) => pressUntil(page, key, done, what, t));
}

// tapTo taps at, as tapUntil does, until the game starts a screen change,
// then waits for the scene want; it returns the taps.
export async function tapTo(cdp, page, at, want, timeout, pause = 0) {
  return toScene(page, want, timeout, (done, what, t) => tapUntil(cdp, page, at, done, what, t, pause));
}

// dismissBriefing waits for the battle's first frame, fails unless its
// briefing card is up (a card already gone was closed by a press meant
// for the screen before it), then has dismiss (pressUntil or tapUntil with
// the goal given) take it down; it returns the presses and fails unless
// one was needed.
export async function dismissBriefing(page, dismiss) {
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
