package systems

// IntentKind says what the player asked for.
type IntentKind int

// The intents input can produce.
const (
	// IntentNone is the zero intent; it asks for nothing.
	IntentNone IntentKind = iota
	// IntentAnyKey is any key or mouse button just pressed, or a tap.
	IntentAnyKey
	// IntentConfirm is Enter (or keypad Enter) just pressed.
	IntentConfirm
	// IntentBack is Escape just pressed.
	IntentBack
	// IntentUp is a menu step up (Up arrow).
	IntentUp
	// IntentDown is a menu step down (Down arrow).
	IntentDown
	// IntentClick is the left mouse button just pressed at (X, Y), or a
	// tap there (marked Touch).
	IntentClick
	// IntentCancel is a right click released without dragging, at (X, Y).
	IntentCancel
	// IntentHover is the cursor position (X, Y), sent every frame while
	// the mouse is the pointer; a tap sends one, at the tap, before its
	// Click.
	IntentHover
	// IntentPan scrolls the camera by (DX, DY) screen pixels (keys, screen edge).
	IntentPan
	// IntentDrag drags the map by (DX, DY) screen pixels (right or middle
	// button, one finger, or two fingers' centre).
	IntentDrag
	// IntentZoom zooms by DY steps (positive in) around (X, Y).
	IntentZoom
	// IntentEndTurn is the end-turn key (E).
	IntentEndTurn
	// IntentCycle is the next-unit key (Tab).
	IntentCycle
	// IntentSkip is the skip key (Space): it finishes the animation playing.
	IntentSkip
	// IntentUndo is Ctrl+Z (Cmd+Z): take back the last command.
	IntentUndo
	// IntentLeft is a setting stepped down (Left arrow just pressed).
	IntentLeft
	// IntentRight is a setting stepped up (Right arrow just pressed).
	IntentRight
	// IntentHelp is F1 or ? (Shift+/): the help overlay.
	IntentHelp
	// IntentText is text typed (the characters of this frame's key
	// presses) or pasted; Text holds it.
	IntentText
	// IntentErase is Backspace just pressed (or held: it repeats).
	IntentErase
	// IntentDelete is Delete just pressed (or held: it repeats).
	IntentDelete
	// IntentHome is Home just pressed.
	IntentHome
	// IntentEnd is End just pressed.
	IntentEnd
)

// Press reports whether intents of kind k are one-off presses (a key or
// button just pressed) rather than the state of the pointer or of held keys
// this frame (hover, pan, drag, zoom).
func (k IntentKind) Press() bool {
	switch k {
	case IntentNone, IntentHover, IntentPan, IntentDrag, IntentZoom:
		return false
	}
	return true
}

// Intent is one thing the player asked for this frame, in logical screen
// coordinates. Input produces intents; tests inject them.
type Intent struct {
	// Kind says what is asked.
	Kind IntentKind
	// X and Y are the cursor position for pointer intents.
	X, Y float64
	// DX and DY are the amount for pan, drag and zoom intents.
	DX, DY float64
	// Touch marks intents made by a finger rather than the mouse or the
	// keys: a tap's AnyKey, Hover and Click, a one-finger drag, a
	// two-finger pinch's Zoom and Drag. A tap's Hover is sent once, with
	// its Click; a screen that previews on hover (the battle) takes the
	// first tap on a spot as the hover and a second as the click.
	Touch bool
	// Text is the text of an IntentText.
	Text string
}

// TextIntent returns the intent of s being typed or pasted.
func TextIntent(s string) Intent { return Intent{Kind: IntentText, Text: s} }

// Has reports whether in holds an intent of kind k.
func Has(in []Intent, k IntentKind) bool {
	for _, it := range in {
		if it.Kind == k {
			return true
		}
	}
	return false
}

// Find returns the last intent of kind k in in, and whether there was one.
func Find(in []Intent, k IntentKind) (Intent, bool) {
	for i := len(in) - 1; i >= 0; i-- {
		if in[i].Kind == k {
			return in[i], true
		}
	}
	return Intent{}, false
}
