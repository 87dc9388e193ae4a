package systems

import "github.com/hajimehoshi/ebiten/v2"

// IntentKey is a letter or digit key just pressed (the action bar's
// hotkeys, L for the log); KeyOf says which.
const IntentKey IntentKind = 100

// KeyIntent returns the intent of key r (a lower-case letter or a digit)
// being pressed.
func KeyIntent(r rune) Intent { return Intent{Kind: IntentKey, DX: float64(r)} }

// KeyOf returns the key of an IntentKey intent (0 for other intents).
func KeyOf(it Intent) rune {
	if it.Kind != IntentKey {
		return 0
	}
	return rune(it.DX)
}

// appendKeyIntents appends an IntentKey for every letter and digit key in
// keys (the keys just pressed this frame).
func appendKeyIntents(out []Intent, keys []ebiten.Key, x, y float64) []Intent {
	for _, k := range keys {
		var r rune
		switch {
		case k >= ebiten.KeyA && k <= ebiten.KeyZ:
			r = 'a' + rune(k-ebiten.KeyA)
		case k >= ebiten.KeyDigit0 && k <= ebiten.KeyDigit9:
			r = '0' + rune(k-ebiten.KeyDigit0)
		case k >= ebiten.KeyNumpad0 && k <= ebiten.KeyNumpad9:
			r = '0' + rune(k-ebiten.KeyNumpad0)
		default:
			continue
		}
		it := KeyIntent(r)
		it.X, it.Y = x, y
		out = append(out, it)
	}
	return out
}

// HasKey reports whether in holds a press of the letter or digit key r.
func HasKey(in []Intent, r rune) bool {
	for _, it := range in {
		if KeyOf(it) == r {
			return true
		}
	}
	return false
}
