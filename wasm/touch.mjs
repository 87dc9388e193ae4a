// touch.mjs holds the browser smoke's finger: where the touch run taps on
// a phone-sized page and the DevTools protocol touch events it sends
// (smoke-phone.mjs, SIGHTLINE_SMOKE=touch and tour).

// The touch run: a phone's viewport; how many of the page's frames a
// finger stays down for a tap (the game reads the touches once an update,
// and runs at least one update a frame: it must see the finger down, and
// then up, in one) and how many it waits after it, for the game to answer;
// and how long each may last at most, should the page draw no frames.
// Counted in frames, a tap is as long as the page needs: a fixed second
// down and a second and a half after was too long on a quiet machine
// (frames 50 ms apart) and too short for a frame on a loaded one.
export const PHONE = { width: 390, height: 844 };
const TAP_HOLD_FRAMES = 3;
const TAP_GAP_FRAMES = 4;
const TAP_MAX_MS = 4_000;
// The game's logical screen, which Ebitengine fits into the page, until
// the game publishes the one the scene on top is drawn on
// (window.sightline.screen: the battle's is taller than wide on a page
// held upright).
const LOGICAL = { w: 1280, h: 720 };
// How long target waits for a control to be published.
const TARGET_WAIT_MS = 60_000;

// target returns the centre, in the game's logical pixels, of the control
// the game publishes as name (and of kind, when given: 'item' of a menu,
// 'level' row, 'difficulty', 'button') on the scene on top:
// window.sightline = {scene, targets: [{kind, name, x, y, w, h}]}
// (main_js.go's publishTargets, scenes' Targets). It waits up to
// TARGET_WAIT_MS for it and fails naming the controls it saw, so a layout
// change cannot leave a tap landing beside the control.
export async function target(page, name, kind) {
  const t0 = Date.now();
  let seen = null;
  for (;;) {
    seen = await page.evaluate(() => window.sightline ?? null);
    const t = seen?.targets?.find((c) => c.name === name && (kind === undefined || c.kind === kind));
    if (t) {
      return { x: t.x + t.w / 2, y: t.y + t.h / 2 };
    }
    if (Date.now() - t0 > TARGET_WAIT_MS) {
      const names = (seen?.targets ?? []).map((c) => `${c.kind} ${c.name}`).join(', ');
      throw new Error(`no control ${JSON.stringify(name)} on ${seen?.scene ?? 'a page with none published'} (it has: ${names})`);
    }
    await page.waitForTimeout(250);
  }
}

// levelRow returns the centre of the level select's row i (0: the first
// listed), as target does.
export async function levelRow(page, i) {
  const t0 = Date.now();
  for (;;) {
    const rows = (await page.evaluate(() => window.sightline?.targets ?? [])).filter((c) => c.kind === 'level');
    if (rows.length > i) {
      return { x: rows[i].x + rows[i].w / 2, y: rows[i].y + rows[i].h / 2 };
    }
    if (Date.now() - t0 > TARGET_WAIT_MS) {
      throw new Error(`no level row ${i} published (${rows.length} rows)`);
    }
    await page.waitForTimeout(250);
  }
}

// screenSize returns the size of the screen the scene on top is drawn
// on, in whose pixels the game publishes its targets and positions.
export async function screenSize(page) {
  const s = await page.evaluate(() => window.sightline?.screen ?? null);
  return s && s.w > 0 && s.h > 0 ? s : LOGICAL;
}

// toClient returns where the game's logical point {x, y} is in the
// page's viewport (PHONE unless the page was resized): the scene's
// screen (screenSize) is fitted into the window, centred.
async function toClient(page, at) {
  const { width: w, height: h } = page.viewportSize() ?? PHONE;
  const s = await screenSize(page);
  const k = Math.min(w / s.w, h / s.h);
  return { x: (w - s.w * k) / 2 + at.x * k, y: (h - s.h * k) / 2 + at.y * k };
}

// fingers sends one touch event with the fingers at the logical points
// given (id: index + 1).
async function fingers(cdp, page, type, points) {
  const touchPoints = [];
  for (let i = 0; i < points.length; i++) {
    const c = await toClient(page, points[i]);
    touchPoints.push({ x: c.x, y: c.y, id: i + 1, radiusX: 4, radiusY: 4, force: 1 });
  }
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
}

// frames waits until page has drawn n more frames, or ms have passed.
export async function frames(page, n, ms) {
  await page.evaluate(([n, ms]) => new Promise((resolve) => {
    let k = 0;
    const frame = () => (++k >= n ? resolve() : requestAnimationFrame(frame));
    requestAnimationFrame(frame);
    setTimeout(resolve, ms);
  }), [n, ms]);
}

// tap touches the logical point at, holds the finger still for
// TAP_HOLD_FRAMES frames (so the game cannot miss it), lifts it and waits
// TAP_GAP_FRAMES frames.
export async function tap(cdp, page, at) {
  await fingers(cdp, page, 'touchStart', [at]);
  await frames(page, TAP_HOLD_FRAMES, TAP_MAX_MS);
  await fingers(cdp, page, 'touchEnd', []);
  await frames(page, TAP_GAP_FRAMES, TAP_MAX_MS);
}

// gesture moves fingers from the logical points from to to in steps
// moves over about ms, then lifts them.
export async function gesture(cdp, page, from, to, steps, ms) {
  await fingers(cdp, page, 'touchStart', from);
  await page.waitForTimeout(ms / steps);
  for (let i = 1; i <= steps; i++) {
    const pts = from.map((f, j) => ({ x: f.x + (to[j].x - f.x) * i / steps, y: f.y + (to[j].y - f.y) * i / steps }));
    await fingers(cdp, page, 'touchMove', pts);
    await page.waitForTimeout(ms / steps);
  }
  await fingers(cdp, page, 'touchEnd', []);
  await frames(page, TAP_GAP_FRAMES, TAP_MAX_MS);
}
