package systems

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
)

// touchSlop is how far, in logical screen pixels, a finger may move
// between touching and lifting and still tap. It is wider than the
// mouse's dragSlop: a fingertip is broad and, on a phone, one logical
// pixel is a third of a CSS pixel.
const touchSlop = 18.0

// TouchPoint is one finger on the screen: the id the platform gives it for
// as long as it stays down, and where it is, in logical screen pixels.
type TouchPoint struct {
	// ID names the finger while it is down.
	ID int
	// X and Y are its position.
	X, Y float64
}

// finger is a finger being followed from the frame it touched.
type finger struct {
	id       int
	x0, y0   float64 // where it touched
	x, y     float64 // where it was last frame
	dragging bool    // it moved past touchSlop: it drags, it will not tap
}

// Touches turns the fingers on the screen, frame by frame, into intents:
// a finger lifted near where it touched is a tap (AnyKey, Hover and Click
// at the touch point), one finger moved past touchSlop drags the map
// (Drag), and two fingers pinch (Zoom around their centre, by the change
// in their spread) and drag (Drag, by their centre's movement). Once a
// second finger has touched, nothing taps until every finger is up. All
// the intents it makes are marked Touch. The zero value is ready.
type Touches struct {
	fingers []finger
	seen    []bool
	gesture bool    // two fingers were down since the screen was last bare
	pinchA  int     // the pinch's fingers' ids, as of last frame
	pinchB  int     //
	pinchD  float64 // their distance last frame (0: no pinch last frame)
	pinchX  float64 // their centre last frame
	pinchY  float64 //
}

// Down reports whether any finger is on the screen.
func (t *Touches) Down() bool { return len(t.fingers) > 0 }

// Step takes this frame's fingers and appends the intents they make to
// out, returning it.
func (t *Touches) Step(now []TouchPoint, out []Intent) []Intent {
	// Fingers lifted since last frame: a tap, unless it dragged or was
	// part of a pinch.
	t.seen = t.seen[:0]
	for range t.fingers {
		t.seen = append(t.seen, false)
	}
	for _, p := range now {
		if i := t.index(p.ID); i >= 0 {
			t.seen[i] = true
		}
	}
	kept := t.fingers[:0]
	for i, f := range t.fingers {
		if t.seen[i] {
			kept = append(kept, f)
			continue
		}
		if !f.dragging && !t.gesture {
			out = append(out,
				Intent{Kind: IntentAnyKey, X: f.x0, Y: f.y0, Touch: true},
				Intent{Kind: IntentHover, X: f.x0, Y: f.y0, Touch: true},
				Intent{Kind: IntentClick, X: f.x0, Y: f.y0, Touch: true})
		}
	}
	t.fingers = kept

	// Fingers that touched since last frame.
	for _, p := range now {
		if t.index(p.ID) < 0 {
			t.fingers = append(t.fingers, finger{id: p.ID, x0: p.X, y0: p.Y, x: p.X, y: p.Y})
		}
	}
	if len(t.fingers) >= 2 {
		t.gesture = true
	}
	if len(t.fingers) == 0 {
		t.gesture = false
	}

	switch {
	case len(t.fingers) >= 2:
		out = t.pinch(now, out)
	case len(t.fingers) == 1 && !t.gesture:
		t.pinchD = 0
		out = t.drag(now, out)
	default:
		t.pinchD = 0
	}
	for i := range t.fingers {
		if p, ok := pointOf(now, t.fingers[i].id); ok {
			t.fingers[i].x, t.fingers[i].y = p.X, p.Y
		}
	}
	return out
}

// drag moves the one finger down: past touchSlop it drags the map, the
// first time by all of its way from the touch point.
func (t *Touches) drag(now []TouchPoint, out []Intent) []Intent {
	f := &t.fingers[0]
	p, ok := pointOf(now, f.id)
	if !ok {
		return out
	}
	if !f.dragging {
		if math.Hypot(p.X-f.x0, p.Y-f.y0) < touchSlop {
			return out
		}
		f.dragging = true
		f.x, f.y = f.x0, f.y0
	}
	if dx, dy := p.X-f.x, p.Y-f.y; dx != 0 || dy != 0 {
		out = append(out, Intent{Kind: IntentDrag, X: p.X, Y: p.Y, DX: dx, DY: dy, Touch: true})
	}
	return out
}

// pinch follows the first two fingers down: the change in their spread
// since last frame zooms around their centre, and their centre's
// movement drags the map.
func (t *Touches) pinch(now []TouchPoint, out []Intent) []Intent {
	a, b := t.fingers[0], t.fingers[1]
	pa, okA := pointOf(now, a.id)
	pb, okB := pointOf(now, b.id)
	if !okA || !okB {
		t.pinchD = 0
		return out
	}
	d := math.Hypot(pb.X-pa.X, pb.Y-pa.Y)
	cx, cy := (pa.X+pb.X)/2, (pa.Y+pb.Y)/2
	if t.pinchD > 0 && t.pinchA == a.id && t.pinchB == b.id && d > 0 {
		if dx, dy := cx-t.pinchX, cy-t.pinchY; dx != 0 || dy != 0 {
			out = append(out, Intent{Kind: IntentDrag, X: cx, Y: cy, DX: dx, DY: dy, Touch: true})
		}
		if d != t.pinchD {
			steps := math.Log(d/t.pinchD) / math.Log(zoomStep)
			out = append(out, Intent{Kind: IntentZoom, X: cx, Y: cy, DY: steps, Touch: true})
		}
	}
	t.pinchA, t.pinchB, t.pinchD, t.pinchX, t.pinchY = a.id, b.id, d, cx, cy
	return out
}

func (t *Touches) index(id int) int {
	for i, f := range t.fingers {
		if f.id == id {
			return i
		}
	}
	return -1
}

func pointOf(now []TouchPoint, id int) (TouchPoint, bool) {
	for _, p := range now {
		if p.ID == id {
			return p, true
		}
	}
	return TouchPoint{}, false
}

// readTouches returns the fingers on the screen now, reusing buf.
func readTouches(ids []ebiten.TouchID, buf []TouchPoint) ([]ebiten.TouchID, []TouchPoint) {
	ids = ebiten.AppendTouchIDs(ids[:0])
	buf = buf[:0]
	for _, id := range ids {
		x, y := ebiten.TouchPosition(id)
		buf = append(buf, TouchPoint{ID: int(id), X: float64(x), Y: float64(y)})
	}
	return ids, buf
}
