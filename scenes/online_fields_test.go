//go:build !js

package scenes

import (
	"context"
	"strings"
	"testing"

	"sightline/match"
	"sightline/netplay"
	"sightline/rules"
	"sightline/settings"
	"sightline/systems"
)

// typeKeys types s as Input reads a keyboard: a frame a character, a
// letter or digit sending its key (the game's hotkeys) beside the text.
func typeKeys(h *harness, s string) {
	h.t.Helper()
	for _, r := range s {
		in := []systems.Intent{{Kind: systems.IntentAnyKey}}
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			in = append(in, systems.KeyIntent(r))
		}
		h.step(append(in, systems.TextIntent(string(r)))...)
	}
}

// clearField erases the focused field from its end.
func clearField(h *harness, f *systems.TextField) {
	h.t.Helper()
	h.step(key(systems.IntentEnd))
	for f.Text() != "" {
		h.step(key(systems.IntentErase))
	}
}

// TestOnlineFields: on the Play-online screen, S focuses the server's
// field and J the link's. Typed there, digits and letters are text, not
// the menu's keys; a bad server or link is said on screen and the field
// keeps the focus; a good server is kept in the settings, and a link
// pasted (with no field focused: it goes to the link's) and confirmed
// joins its match.
func TestOnlineFields(t *testing.T) {
	c := onlineServer(t)
	env := testEnv(t)
	env.Store = match.NewStore(t.TempDir())
	env.Paste = true
	h := newHarness(t, env, func(e *Env) Scene { return NewOnlineMenu(e) })
	defer env.closeOnline()
	h.settle()
	om := h.m.Current().(*OnlineMenu)
	if have := om.fields.server.Text(); have != DefaultServer {
		t.Fatalf("the server's field shows %q, want %q", have, DefaultServer)
	}

	h.step(systems.KeyIntent('s'))
	if !om.fields.server.Focused() || !om.Typing() {
		t.Fatal("S did not focus the server's field")
	}
	clearField(h, &om.fields.server)
	typeKeys(h, "ftp://2.example")
	h.step(key(systems.IntentConfirm))
	h.draw()
	if !strings.Contains(om.note, "want an http") || !om.fields.server.Focused() {
		t.Fatalf("a bad server: note %q, focused %v; want it said, the field focused", om.note, om.fields.server.Focused())
	}
	if om.mine != nil || strings.Contains(om.note, "Asking") || h.m.Current() != Scene(om) {
		t.Fatal("the digits typed chose a menu item")
	}
	clearField(h, &om.fields.server)
	if om.note != "" {
		t.Errorf("the line on the bad server stays on as it is erased: %q", om.note)
	}
	typeKeys(h, c.Base+"/")
	screenshot(t, h, "online-fields.png")
	h.step(key(systems.IntentConfirm))
	if om.fields.server.Focused() || om.book.Server != c.Base || om.note != "" {
		t.Fatalf("the server typed: focused %v, server %q, note %q; want %q kept", om.fields.server.Focused(), om.book.Server, om.note, c.Base)
	}
	kept, err := settings.Load(env.storage())
	if err != nil || kept.Server != c.Base {
		t.Fatalf("the settings keep server %q (%v), want %q", kept.Server, err, c.Base)
	}
	if have := NewOnlineMenu(env).fields.server.Text(); have != c.Base {
		t.Errorf("opened again, the server's field shows %q, want %q", have, c.Base)
	}

	// Esc drops an edit of the server.
	h.step(systems.KeyIntent('s'))
	typeKeys(h, "x")
	h.step(key(systems.IntentBack))
	if have := om.fields.server.Text(); have != c.Base || om.fields.server.Focused() || h.m.Current() != Scene(om) {
		t.Fatalf("Esc left the server's field at %q (focused %v, scene %s)", have, om.fields.server.Focused(), h.m.Current().Name())
	}

	made, err := c.Create(context.Background(), "crossroads", 0)
	if err != nil {
		t.Fatal(err)
	}
	h.step(systems.KeyIntent('j'))
	if !om.fields.join.Focused() {
		t.Fatal("J did not focus the link's field")
	}
	typeKeys(h, "match=12")
	h.step(key(systems.IntentConfirm))
	h.draw()
	if !strings.Contains(om.note, "That link:") || !om.fields.join.Focused() {
		t.Fatalf("a bad link: note %q, focused %v; want it said, the field focused", om.note, om.fields.join.Focused())
	}
	h.step(key(systems.IntentBack))
	if om.fields.join.Focused() || h.m.Current() != Scene(om) {
		t.Fatalf("Esc in the link's field: focused %v, scene %s", om.fields.join.Focused(), h.m.Current().Name())
	}
	// A link pasted with no field focused replaces the link's text.
	link := netplay.Link{Server: c.Base, Match: made.Match, Seat: made.Red}.String("")
	h.step(systems.TextIntent(" " + link + "\n")) // a paste, with the line's ends
	if !om.fields.join.Focused() || om.fields.join.Text() != " "+link+" " {
		t.Fatalf("a link pasted: field %q (focused %v), want the link alone", om.fields.join.Text(), om.fields.join.Focused())
	}
	h.step(key(systems.IntentConfirm))
	until(t, h, "the battle", func() bool { _, ok := h.m.Current().(*Battle); return ok })
	if o := h.m.Current().(*Battle).drive.(*online); o.side != rules.SideRed {
		t.Errorf("joined as %v, want Red (the link's seat)", o.side)
	}
}
