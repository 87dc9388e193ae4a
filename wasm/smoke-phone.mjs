// smoke-phone.mjs holds the browser smoke's runs on a phone-sized page
// (smoke.mjs), played by finger alone (touch.mjs): the touch run, which
// the Go test checks, and the tour's phone screens for `make tour`.
import { writeFileSync } from 'node:fs';
import { PHONE, gesture, levelRow, screenSize, tap, target } from './touch.mjs';
import { open } from './smoke-browser.mjs';
import { battle, dismissBriefing, pressUntil, scene, tapTo, tapUntil } from './smoke-input.mjs';
import { SCENE_TIMEOUT_MS, STEP_TIMEOUT_MS, elapsed, log, outPath, problems, waitFor } from './smoke-run.mjs';

const touchOut = (name) => outPath(`-touch-${name}.png`);
const tourOut = (name) => outPath(`-tour-${name}.png`);

// touchRun plays a phone-sized page by finger alone: Hot-seat on the
// title, a level chosen on the level select (a first tap on a row shows
// its card, a second starts it), the briefing dismissed, then in the
// battle a Blue unit selected, a tile tapped once (the move is only
// previewed: armed, the unit stays) and again (the unit moves), a pinch
// outward (the camera zooms in) and a one-finger drag (the camera pans).
// It writes the screens as OUT-touch-*.png and what it saw as
// OUT-touch.json, which the Go test checks.
export async function touchRun() {
  const t0 = Date.now();
  const page = await open(null, null, false, true);
  const cdp = await page.context().newCDPSession(page);
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
  const touchJSON = outPath('-touch.json');
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
export async function tourRun() {
  const page = await open(null, null, false, true);
  await page.waitForTimeout(500);
  await page.screenshot({ path: tourOut('upright') });
  // By finger, tapping the controls by the names the game publishes.
  const cdp = await page.context().newCDPSession(page);
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

