package scenes

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/match"
	"sightline/netplay"
	"sightline/settings"
	"sightline/systems"
)

// Where the Play-online screen's two fields are: the server's address
// and "Join a link", one under the other, their labels to the left.
const (
	fieldLeft  = 420.0
	fieldW     = 480.0
	fieldH     = 32.0
	serverTop  = 128.0
	joinTop    = 170.0
	fieldLabel = 16.0
	fieldText  = 16.0
)

// onlineFields are the Play-online screen's text fields: the server
// matches are made on (kept in the settings) and a link a friend sent,
// typed or pasted, to join.
type onlineFields struct {
	server, join systems.TextField
	// was is the server's address when its field took the focus: Esc
	// puts it back.
	was string
}

// newOnlineFields returns the fields, the server's showing addr.
func newOnlineFields(addr string, paste bool) onlineFields {
	f := onlineFields{
		server: systems.TextField{X: fieldLeft, Y: serverTop, W: fieldW, H: fieldH, Size: fieldText, Max: 200},
		join:   systems.TextField{X: fieldLeft, Y: joinTop, W: fieldW, H: fieldH, Size: fieldText, Max: 1000},
	}
	f.server.SetText(addr)
	f.join.Hint = joinHint(paste)
	return f
}

// joinHint is what the empty link field says: how to fill it with keys,
// by typing, or pasting where the page can (paste).
func joinHint(paste bool) string {
	if paste {
		return "J, then paste (Ctrl+V) the link a friend sent"
	}
	return "J, then type the link a friend sent"
}

// typing reports whether one of the fields has the focus.
func (f *onlineFields) typing() bool { return f.server.Focused() || f.join.Focused() }

// serverAddr returns the server the player chose (the settings'), else
// the one the online book remembers, else DefaultServer.
func serverAddr(env *Env, book onlineBook) string {
	if s := env.prefs().Server; s != "" {
		return s
	}
	if book.Server != "" {
		return book.Server
	}
	return DefaultServer
}

// Typing reports whether a field of the screen has the focus: the keys
// type into it (M does not mute).
func (o *OnlineMenu) Typing() bool { return o.fields.typing() }

// updateFields hands in to the fields and reports whether they took it
// (a field has or took the focus): then the menu gets none of it. S
// focuses the server's field and J the link's; text pasted while
// neither has the focus replaces the link's when it looks like a link.
func (o *OnlineMenu) updateFields(m *Manager, in []systems.Intent) bool {
	f := &o.fields
	if !f.typing() {
		switch {
		case systems.HasKey(in, 's'):
			o.focus(&f.server)
			return true
		case systems.HasKey(in, 'j'):
			o.focus(&f.join)
			return true
		}
		if it, ok := systems.Find(in, systems.IntentText); ok && strings.Contains(it.Text, "://") {
			o.focus(&f.join)
			f.join.SetText("") // the link pasted takes the field's place
		}
	}
	wasServer, wasJoin := f.server.Focused(), f.join.Focused()
	switch f.server.Update(in) {
	case systems.FieldFocused:
		o.focus(&f.server)
	case systems.FieldEdited:
		o.note = "" // the line on a bad address goes with the edit
	case systems.FieldDone:
		o.setServer(f.server.Text())
	case systems.FieldCancelled:
		f.server.SetText(f.was)
		o.note = ""
	}
	if wasServer && !f.server.Focused() && f.server.Text() != o.book.Server {
		f.server.SetText(o.book.Server) // a click elsewhere drops the edit
	}
	switch f.join.Update(in) {
	case systems.FieldFocused:
		o.focus(&f.join)
	case systems.FieldEdited:
		o.note = ""
	case systems.FieldDone:
		o.joinLink(m, f.join.Text())
	case systems.FieldCancelled:
		o.note = ""
	}
	return f.typing() || wasServer || wasJoin
}

// focus gives the field t the focus, taking it from the other.
func (o *OnlineMenu) focus(t *systems.TextField) {
	f := &o.fields
	f.server.SetFocus(t == &f.server)
	f.join.SetFocus(t == &f.join)
	f.was = o.book.Server
	o.note = ""
}

// setServer makes addr the server matches are made on, kept in the
// settings; a bad address is said on screen and the field keeps the
// focus.
func (o *OnlineMenu) setServer(addr string) {
	addr = strings.TrimSuffix(strings.TrimSpace(addr), "/")
	if err := settings.CheckServer(addr); err != nil {
		o.note = "Server " + clip(addr, 40) + ": " + match.SafeText(err.Error())
		return
	}
	o.fields.server.SetText(addr)
	o.fields.server.SetFocus(false)
	o.book.Server = addr
	s := o.env.prefs()
	s.Server = addr
	o.env.Settings = s
	o.note = ""
	if err := o.env.SaveSettings(); err != nil {
		o.note = "The server is not kept: " + match.SafeText(err.Error())
	}
}

// joinLink joins the match of the link text; a bad link is said on
// screen and the field keeps the focus.
func (o *OnlineMenu) joinLink(m *Manager, text string) {
	link, err := netplay.ParseLink(text)
	if err != nil {
		o.note = "That link: " + match.SafeText(err.Error())
		return
	}
	o.fields.join.SetFocus(false)
	m.GoTo(NewJoining(m.Env, link))
}

// drawFields draws the two fields and their labels.
func (o *OnlineMenu) drawFields(dst *ebiten.Image) {
	f := o.env.Fonts
	server, join := o.fieldLabels()
	size := fieldLabel
	if o.upright() {
		size = uprightText
	}
	for _, row := range []struct {
		label string
		field *systems.TextField
	}{{server, &o.fields.server}, {join, &o.fields.join}} {
		c := systems.ColorTextDim
		if row.field.Focused() {
			c = systems.ColorText
		}
		f.Draw(dst, row.label, size, false, row.field.X-14, row.field.Y+row.field.H/2-size*0.65, c, systems.AlignRight)
		row.field.Draw(dst, &o.paint, f)
	}
	if o.fields.typing() && !o.upright() {
		f.Draw(dst, "Enter: done · Esc: cancel", 14, false, fieldLeft+fieldW+14, o.focusedTop()+fieldH/2-9, systems.ColorTextDim, systems.AlignLeft)
	}
}

// focusedTop returns the top of the field with the focus.
func (o *OnlineMenu) focusedTop() float64 {
	if o.fields.join.Focused() {
		return joinTop
	}
	return serverTop
}
