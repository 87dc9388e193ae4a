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

// Key repeat for the keys that edit text, in ticks: a held key repeats
// after repeatDelay, then every repeatEvery.
const (
	repeatDelay = 30
	repeatEvery = 4
)

// Clipboard is the platform's clipboard as far as pasting goes (main
// gives one: the page's paste events in the browser, a clipboard tool
// on the desktop). Input asks it for the text on Ctrl+V (Cmd+V) and
// hands what it pastes on as an IntentText.
type Clipboard interface {
	// Request asks for the clipboard's text; it comes later, through
	// Pasted. A platform whose pastes come by themselves ignores it.
	Request()
	// Pasted returns the text pasted since the last call, and whether
	// there was any.
	Pasted() (string, bool)
}

// Input reads the keyboard, mouse and touch screen once a frame and turns
// them into intents. It is the only place in the game that reads OS input.
//
// The pointer is the mouse or a finger, whichever was used last: while a
// finger was the last, the mouse's cursor (parked where it was) sends no
// Hover and does not scroll at the screen's edges, and the battle shows
// the touch controls. Moving the mouse or pressing its buttons takes the
// pointer back.
type Input struct {
	out     []Intent
	keys    []ebiten.Key
	lastX   int
	lastY   int
	moved   bool
	started bool
	// screen is the logical screen's size at the last Read: when it
	// changes (a phone turned), the cursor's logical position moves
	// though no pointer did.
	screen   [2]int
	dragDist float64

	touches  Touches
	touchIDs []ebiten.TouchID
	points   []TouchPoint
	touch    bool // a finger was the last pointer used

	chars []rune
	// Clipboard, when set, is where Ctrl+V pastes from.
	Clipboard Clipboard
}

// FingerFirst makes a finger the pointer before any is used (a phone's
// page): the parked cursor sends no Hover until the mouse moves or is
// pressed.
func (in *Input) FingerFirst() { in.touch = true }

// Read returns this frame's intents for a logical screen of w×h pixels. The
// slice is reused by the next call.
func (in *Input) Read(w, h int) []Intent {
	in.out = in.out[:0]
	cx, cy := ebiten.CursorPosition()
	if !in.started || in.screen != [2]int{w, h} {
		in.lastX, in.lastY, in.started = cx, cy, true
		in.screen = [2]int{w, h}
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
		case ebiten.KeyHome:
			in.add(IntentHome, x, y, 0, 0)
		case ebiten.KeyEnd:
			in.add(IntentEnd, x, y, 0, 0)
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

	in.readEdit(x, y)
	if ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta) {
		// Ctrl+Z is undo, not the Z (stand) hotkey; Ctrl+V pastes.
		for i := 0; i < len(in.keys); i++ {
			switch in.keys[i] {
			case ebiten.KeyZ:
				in.add(IntentUndo, x, y, 0, 0)
			case ebiten.KeyV:
				if in.Clipboard != nil {
					in.Clipboard.Request()
				}
			default:
				continue
			}
			in.keys = append(in.keys[:i], in.keys[i+1:]...)
			i--
		}
	}
	if in.Clipboard != nil {
		if s, ok := in.Clipboard.Pasted(); ok && s != "" {
			in.out = append(in.out, Intent{Kind: IntentText, X: x, Y: y, Text: s})
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

// readEdit adds the text typed this frame and the presses of the keys
// that edit it (Backspace and Delete repeat while held).
func (in *Input) readEdit(x, y float64) {
	in.chars = ebiten.AppendInputChars(in.chars[:0])
	// Ctrl+V is a paste, not a v (the browser sends its character);
	// Ctrl+Alt is AltGr, which types characters (@ on many keyboards).
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl) || ebiten.IsKeyPressed(ebiten.KeyMeta)
	if len(in.chars) > 0 && (!ctrl || ebiten.IsKeyPressed(ebiten.KeyAlt)) {
		in.out = append(in.out, Intent{Kind: IntentText, X: x, Y: y, Text: string(in.chars)})
	}
	for _, e := range []struct {
		key  ebiten.Key
		kind IntentKind
	}{{ebiten.KeyBackspace, IntentErase}, {ebiten.KeyDelete, IntentDelete}} {
		if repeats(inpututil.KeyPressDuration(e.key)) {
			in.add(e.kind, x, y, 0, 0)
		}
	}
}

// repeats reports whether a key held for d ticks (0: up) presses this
// tick: on the first, then, after repeatDelay, every repeatEvery.
func repeats(d int) bool {
	return d == 1 || d >= repeatDelay && (d-repeatDelay)%repeatEvery == 0
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
