package systems

import (
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// Input speeds and sizes, in logical screen pixels.
const (
	keyPanSpeed  = 12  // per tick while an arrow or WASD key is held
	edgePanSpeed = 10  // per tick while the cursor rests on a screen edge
	edgeBand     = 6   // how close to the edge the cursor must be
	dragSlop     = 4.0 // how far a right press may move and still be a click
)

// Input reads the keyboard, mouse and touch screen once a frame and turns
// them into intents. It is the only place in the game that reads OS input.
//
// The pointer is the mouse or a finger, whichever was used last: while a
// finger was the last, the mouse's cursor (parked where it was) sends no
// Hover and does not scroll at the screen's edges, and the battle shows
// the touch controls. Moving the mouse or pressing its buttons takes the
// pointer back.
type Input struct {
	out      []Intent
	keys     []ebiten.Key
	lastX    int
	lastY    int
	moved    bool
	started  bool
	dragDist float64

	touches  Touches
	touchIDs []ebiten.TouchID
	points   []TouchPoint
	touch    bool // a finger was the last pointer used
}

// Read returns this frame's intents for a logical screen of w×h pixels. The
// slice is reused by the next call.
func (in *Input) Read(w, h int) []Intent {
	in.out = in.out[:0]
	cx, cy := ebiten.CursorPosition()
	if !in.started {
		in.lastX, in.lastY, in.started = cx, cy, true
	}
	mouseMoved := cx != in.lastX || cy != in.lastY
	if mouseMoved {
		in.moved = true
	}
	x, y := float64(cx), float64(cy)

	in.keys = inpututil.AppendJustPressedKeys(in.keys[:0])
	anyMouse := false
	for _, b := range []ebiten.MouseButton{ebiten.MouseButtonLeft, ebiten.MouseButtonRight, ebiten.MouseButtonMiddle} {
		if inpututil.IsMouseButtonJustPressed(b) {
			anyMouse = true
		}
	}
	if mouseMoved || anyMouse {
		in.touch = false
	}
	if len(in.keys) > 0 || anyMouse {
		in.add(IntentAnyKey, x, y, 0, 0)
	}
	for _, k := range in.keys {
		switch k {
		case ebiten.KeyEnter, ebiten.KeyNumpadEnter:
			in.add(IntentConfirm, x, y, 0, 0)
		case ebiten.KeyEscape:
			in.add(IntentBack, x, y, 0, 0)
		case ebiten.KeyArrowUp:
			in.add(IntentUp, x, y, 0, 0)
		case ebiten.KeyArrowDown:
			in.add(IntentDown, x, y, 0, 0)
		case ebiten.KeyArrowLeft:
			in.add(IntentLeft, x, y, 0, 0)
		case ebiten.KeyArrowRight:
			in.add(IntentRight, x, y, 0, 0)
		case ebiten.KeyF1:
			in.add(IntentHelp, x, y, 0, 0)
		case ebiten.KeySlash:
			if ebiten.IsKeyPressed(ebiten.KeyShift) {
				in.add(IntentHelp, x, y, 0, 0)
			}
		case ebiten.KeyE:
			in.add(IntentEndTurn, x, y, 0, 0)
		case ebiten.KeyTab:
			in.add(IntentCycle, x, y, 0, 0)
		case ebiten.KeySpace:
			in.add(IntentSkip, x, y, 0, 0)
		case ebiten.KeyEqual, ebiten.KeyNumpadAdd:
			zx, zy := zoomAnchor(x, y, w, h)
			in.add(IntentZoom, zx, zy, 0, 2)
		case ebiten.KeyMinus, ebiten.KeyNumpadSubtract:
			zx, zy := zoomAnchor(x, y, w, h)
			in.add(IntentZoom, zx, zy, 0, -2)
		}
	}

	if ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta) {
		// Ctrl+Z is undo, not the Z (stand) hotkey.
		for i, k := range in.keys {
			if k == ebiten.KeyZ {
				in.add(IntentUndo, x, y, 0, 0)
				in.keys = append(in.keys[:i], in.keys[i+1:]...)
				break
			}
		}
	}
	in.out = appendKeyIntents(in.out, in.keys, x, y)
	in.readTouch()
	if !in.touch {
		in.add(IntentHover, x, y, 0, 0)
	}
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		in.add(IntentClick, x, y, 0, 0)
	}
	in.readDrag(cx, cy, x, y)
	if _, wy := ebiten.Wheel(); wy != 0 {
		in.add(IntentZoom, x, y, 0, wy)
	}
	in.readPan(w, h, cx, cy)
	in.lastX, in.lastY = cx, cy
	return in.out
}

// readTouch adds the fingers' intents (see Touches); a finger down makes
// it the pointer.
func (in *Input) readTouch() {
	in.touchIDs, in.points = readTouches(in.touchIDs, in.points)
	n := len(in.out)
	in.out = in.touches.Step(in.points, in.out)
	if len(in.out) > n || in.touches.Down() {
		in.touch = true
	}
}

// zoomAnchor returns where a key zoom is centred: the cursor when it is on
// the screen, else the screen's centre.
func zoomAnchor(x, y float64, w, h int) (float64, float64) {
	if x >= 0 && y >= 0 && x < float64(w) && y < float64(h) {
		return x, y
	}
	return float64(w) / 2, float64(h) / 2
}

func (in *Input) add(k IntentKind, x, y, dx, dy float64) {
	in.out = append(in.out, Intent{Kind: k, X: x, Y: y, DX: dx, DY: dy})
}

// readDrag turns right/middle drags into Drag intents and a right press
// released without dragging into a Cancel.
func (in *Input) readDrag(cx, cy int, x, y float64) {
	right, middle := ebiten.MouseButtonRight, ebiten.MouseButtonMiddle
	if inpututil.IsMouseButtonJustPressed(right) || inpututil.IsMouseButtonJustPressed(middle) {
		in.dragDist = 0
		return
	}
	if ebiten.IsMouseButtonPressed(right) || ebiten.IsMouseButtonPressed(middle) {
		dx, dy := float64(cx-in.lastX), float64(cy-in.lastY)
		if dx != 0 || dy != 0 {
			in.dragDist += abs(dx) + abs(dy)
			in.add(IntentDrag, x, y, dx, dy)
		}
	}
	if inpututil.IsMouseButtonJustReleased(right) && in.dragDist < dragSlop {
		in.add(IntentCancel, x, y, 0, 0)
	}
}

// readPan turns held arrow/WASD keys and a cursor resting on a screen edge
// into a Pan intent. Edge scrolling waits until the cursor has moved once,
// so a cursor parked at (0, 0) by a headless display does not scroll.
func (in *Input) readPan(w, h, cx, cy int) {
	var dx, dy float64
	if ebiten.IsKeyPressed(ebiten.KeyArrowLeft) || ebiten.IsKeyPressed(ebiten.KeyA) {
		dx -= keyPanSpeed
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowRight) || ebiten.IsKeyPressed(ebiten.KeyD) {
		dx += keyPanSpeed
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowUp) || ebiten.IsKeyPressed(ebiten.KeyW) {
		dy -= keyPanSpeed
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowDown) || ebiten.IsKeyPressed(ebiten.KeyS) {
		dy += keyPanSpeed
	}
	if in.moved && !in.touch && ebiten.IsFocused() && cx >= 0 && cy >= 0 && cx < w && cy < h {
		switch {
		case cx < edgeBand:
			dx -= edgePanSpeed
		case cx >= w-edgeBand:
			dx += edgePanSpeed
		}
		switch {
		case cy < edgeBand:
			dy -= edgePanSpeed
		case cy >= h-edgeBand:
			dy += edgePanSpeed
		}
	}
	if dx != 0 || dy != 0 {
		in.add(IntentPan, float64(cx), float64(cy), dx, dy)
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}
