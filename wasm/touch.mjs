// touch.mjs holds the browser smoke's finger: where the touch run taps on
// a phone-sized page and the DevTools protocol touch events it sends
// (smoke.mjs, SIGHTLINE_SMOKE=touch).

// The touch run: a phone's viewport; how long a finger stays down for a
// tap (the game must see it down in at least one frame, some 0.5 s apart
// under the software renderer) and how long to wait after it.
export const PHONE = { width: 390, height: 844 };
const TAP_HOLD_MS = 1_000;
const TAP_GAP_MS = 1_500;
// Where to tap, in the game's logical 1280×720 pixels: the title's fifth
// item, Hot-seat (systems/menu.go's layout with scenes/title.go's 48 px
// items 4 px apart, from its menuTop, 246), the level select's first two
// rows (scenes/levelselect.go).
const LOGICAL = { w: 1280, h: 720 };
export const HOTSEAT_ITEM = { x: 640, y: 246 + 4 * 52 + 24 };
export const FIRST_ROW = { x: 300, y: 150 + 28 };
export const SECOND_ROW = { x: 300, y: 150 + 56 + 28 };

// toClient returns where the game's logical point {x, y} is in the
// page's viewport (PHONE unless the page was resized): Ebitengine fits the
// 1280×720 screen into the window, centred.
function toClient(page, at) {
  const { width: w, height: h } = page.viewportSize() ?? PHONE;
  const k = Math.min(w / LOGICAL.w, h / LOGICAL.h);
  return { x: (w - LOGICAL.w * k) / 2 + at.x * k, y: (h - LOGICAL.h * k) / 2 + at.y * k };
}

// fingers sends one touch event with the fingers at the logical points
// given (id: index + 1).
async function fingers(cdp, page, type, points) {
  const touchPoints = [];
  for (let i = 0; i < points.length; i++) {
    const c = toClient(page, points[i]);
    touchPoints.push({ x: c.x, y: c.y, id: i + 1, radiusX: 4, radiusY: 4, force: 1 });
  }
  await cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
}

// tap touches the logical point at, holds the finger still TAP_HOLD_MS (so
// a slow frame cannot miss it), lifts it and waits TAP_GAP_MS.
export async function tap(cdp, page, at) {
  await fingers(cdp, page, 'touchStart', [at]);
  await page.waitForTimeout(TAP_HOLD_MS);
  await fingers(cdp, page, 'touchEnd', []);
  await page.waitForTimeout(TAP_GAP_MS);
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
  await page.waitForTimeout(TAP_GAP_MS);
}
