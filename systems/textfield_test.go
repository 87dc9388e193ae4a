package systems

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// fieldKeys maps the letters of a keystroke script to intents: a run
// of other characters is typed text.
var fieldKeys = map[rune]IntentKind{
	'<': IntentLeft, '>': IntentRight, '^': IntentHome, '$': IntentEnd,
	'#': IntentErase, '~': IntentDelete, '!': IntentConfirm, '@': IntentBack,
}

// script turns a keystroke script into one frame of intents.
func script(s string) []Intent {
	var out []Intent
	for _, r := range s {
		if k, ok := fieldKeys[r]; ok {
			out = append(out, Intent{Kind: k})
			continue
		}
		if n := len(out); n > 0 && out[n-1].Kind == IntentText {
			out[n-1].Text += string(r)
			continue
		}
		out = append(out, TextIntent(string(r)))
	}
	return out
}

func TestTextFieldEdits(t *testing.T) {
	tests := []struct {
		name  string
		start string
		keys  string
		max   int
		text  string
		caret int
		ev    FieldEvent
	}{
		{"typed", "", "abc", 0, "abc", 3, FieldEdited},
		{"typed at the caret", "ac", "<b", 0, "abc", 2, FieldEdited},
		{"backspace", "abc", "#", 0, "ab", 2, FieldEdited},
		{"backspace at the start", "abc", "^#", 0, "abc", 0, FieldNone},
		{"delete", "abc", "^~", 0, "bc", 0, FieldEdited},
		{"delete at the end", "abc", "~", 0, "abc", 3, FieldNone},
		{"home and end", "abc", "^x$y", 0, "xabcy", 5, FieldEdited},
		{"left stops at the start", "ab", "<<<<z", 0, "zab", 1, FieldEdited},
		{"right stops at the end", "ab", "^>>>>z", 0, "abz", 3, FieldEdited},
		{"enter", "ab", "!", 0, "ab", 2, FieldDone},
		{"esc", "ab", "c@", 0, "abc", 3, FieldCancelled},
		{"max", "ab", "cdef", 4, "abcd", 4, FieldEdited},
		{"unicode", "", "été", 0, "été", 3, FieldEdited},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := TextField{W: 200, H: 30, Max: tt.max}
			f.SetText(tt.start)
			f.SetFocus(true)
			ev := f.Update(script(tt.keys))
			if f.Text() != tt.text || f.Caret() != tt.caret || ev != tt.ev {
				t.Errorf("have %q caret %d event %d, want %q caret %d event %d", f.Text(), f.Caret(), ev, tt.text, tt.caret, tt.ev)
			}
		})
	}
}

func TestTextFieldSetText(t *testing.T) {
	f := TextField{W: 200, H: 30}
	f.SetText("a long text")
	f.SetText("ab")
	f.SetFocus(true)
	f.Update(script("<c"))
	if f.Text() != "acb" || f.Caret() != 2 {
		t.Errorf("have %q caret %d, want \"acb\" caret 2", f.Text(), f.Caret())
	}
}

func TestTextFieldPasteCleansText(t *testing.T) {
	f := TextField{W: 200, H: 30}
	f.SetFocus(true)
	f.Update([]Intent{TextIntent("http://a\tb\r\nc\x00\x1bd")})
	if have, want := f.Text(), "http://a b  cd"; have != want {
		t.Errorf("have %q, want %q", have, want)
	}
}

func TestTextFieldFocusByClick(t *testing.T) {
	f := TextField{X: 100, Y: 100, W: 200, H: 30}
	f.SetText("ab")
	if ev := f.Update(script("xy#")); ev != FieldNone || f.Text() != "ab" {
		t.Fatalf("a field without the focus took keys: event %d, text %q", ev, f.Text())
	}
	if ev := f.Update([]Intent{{Kind: IntentClick, X: 150, Y: 110}}); ev != FieldFocused || !f.Focused() {
		t.Fatalf("a click on the box: event %d, focused %v", ev, f.Focused())
	}
	f.Update(script("c"))
	if ev := f.Update([]Intent{{Kind: IntentClick, X: 10, Y: 10}}); ev != FieldNone || f.Focused() {
		t.Fatalf("a click elsewhere: event %d, focused %v", ev, f.Focused())
	}
	if f.Text() != "abc" {
		t.Errorf("text %q, want abc", f.Text())
	}
}

func TestTextFieldScrollsToCaret(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	dst := ebiten.NewImage(400, 100)
	var p Painter
	f := TextField{X: 10, Y: 10, W: 160, H: 30}
	f.SetFocus(true)
	long := "https://sightline.example.org/?server=abc&match=0123456789abcdef&seat=fedcba9876543210"
	f.Update([]Intent{TextIntent(long)})
	f.Draw(dst, &p, fonts)
	vis := f.Visible(fonts)
	if !strings.HasSuffix(long, vis) || !strings.HasSuffix(vis, "3210") || strings.Contains(vis, "https") {
		t.Errorf("caret at the end shows %q, want the link's end", vis)
	}
	f.Update([]Intent{{Kind: IntentHome}})
	f.Draw(dst, &p, fonts)
	vis = f.Visible(fonts)
	if !strings.HasPrefix(vis, "https://") || strings.Contains(vis, "3210") {
		t.Errorf("caret at the start shows %q, want the link's start", vis)
	}
	if w := fonts.Width(vis, f.size(), false); w > f.W {
		t.Errorf("the visible text is %.0f wide, more than the %.0f box", w, f.W)
	}
}

func TestKeyRepeat(t *testing.T) {
	var have []int
	for d := 0; d <= repeatDelay+2*repeatEvery; d++ {
		if repeats(d) {
			have = append(have, d)
		}
	}
	want := []int{1, repeatDelay, repeatDelay + repeatEvery, repeatDelay + 2*repeatEvery}
	if len(have) != len(want) {
		t.Fatalf("presses at %v, want %v", have, want)
	}
	for i := range want {
		if have[i] != want[i] {
			t.Fatalf("presses at %v, want %v", have, want)
		}
	}
}
