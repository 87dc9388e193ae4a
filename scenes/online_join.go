package scenes

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/match"
	"sightline/netplay"
	"sightline/systems"
)

// Joining is the screen that connects to a match from a link: it waits
// for the server's hello and the seat's first view, then opens the
// battle. Esc goes back to the title; a refused seat is said here.
type Joining struct {
	env    *Env
	link   netplay.Link
	remote *netplay.Remote
	hello  *netplay.Message
	status string
	failed bool
	silent bool // the server has not answered yet: its address is shown
	paint  systems.Painter
}

// NewJoining connects to the match of link.
func NewJoining(env *Env, link netplay.Link) *Joining {
	c := &netplay.Client{Base: link.Server}
	j := &Joining{env: env, link: link, remote: c.Connect(link.Match, link.Seat), status: "Connecting ...", paint: env.painter()}
	env.keepOnline(j.remote)
	return j
}

// Name returns "joining".
func (j *Joining) Name() string { return "joining" }

// Status says where the connection stands, as the screen shows it
// ("Connecting ...", "Joined as Blue ...", or why it failed).
func (j *Joining) Status() string { return j.status }

// Update waits for the hello and the first view, then opens the battle.
func (j *Joining) Update(m *Manager, in []systems.Intent) error {
	if systems.Has(in, systems.IntentBack) || systems.Has(in, systems.IntentCancel) || j.backTapped(in) {
		m.GoTo(NewTitle(m.Env))
		return nil
	}
	if m.Transitioning() {
		return nil // a GoTo would be lost in the fade: the updates wait
	}
	if j.failed {
		if systems.Has(in, systems.IntentConfirm) || systems.Has(in, systems.IntentClick) {
			m.GoTo(NewTitle(m.Env))
		}
		return nil
	}
	ups := j.remote.Poll()
	for i, u := range ups {
		switch {
		case u.Err != nil:
			j.status, j.failed = match.SafeText(u.Err.Error()), true
			return nil
		case u.Type == "" && !u.Online:
			j.status, j.silent = "The server did not answer: trying again ...", true
		case u.Type == netplay.TypeHello:
			h := u.Message
			j.hello, j.silent = &h, false
			j.status = "Joined as " + h.Side + ": loading ..."
		case u.Type == netplay.TypeView && j.hello != nil:
			b, err := NewOnlineBattle(m.Env, j.remote, *j.hello, u.View, ups[i+1:])
			if err != nil {
				j.status, j.failed = match.SafeText(err.Error()), true
				return nil
			}
			m.GoTo(b)
			return nil
		}
	}
	return nil
}

// backTapped reports whether in taps Back on the screen held upright.
func (j *Joining) backTapped(in []systems.Intent) bool {
	w, h := j.screenSize()
	if h <= w {
		return false
	}
	b := j.uprightBack(w, h)
	for _, it := range in {
		if it.Kind == systems.IntentClick && b.Contains(it.X, it.Y) {
			return true
		}
	}
	return false
}

// Draw draws the heading and where the connection stands: held upright,
// in a column over Back (uprightLines).
func (j *Joining) Draw(dst *ebiten.Image) {
	f := j.env.Fonts
	dst.Fill(systems.ColorBackground)
	if w, h := j.screenSize(); h > w && isUpright(dst) {
		drawLines(&j.paint, j.uprightLines(w, h))
		b := j.uprightBack(w, h)
		b.Draw(dst, &j.paint)
		j.paint.FlushText(dst, f)
		return
	}
	cx := float64(ScreenWidth) / 2
	f.Draw(dst, "PLAY ONLINE", 48, true, cx, 180, systems.ColorText, systems.AlignCenter)
	f.Draw(dst, j.subtitle(), 20, false, cx, 250, systems.ColorTextDim, systems.AlignCenter)
	c := systems.ColorText
	if j.failed {
		c = systems.ColorError
	}
	f.Draw(dst, j.status, 20, false, cx, 320, c, systems.AlignCenter)
	if sv := j.serverLine(); sv != "" {
		f.Draw(dst, sv, 18, false, cx, 360, systems.ColorTextDim, systems.AlignCenter)
	}
	hint := "Esc: back to the title"
	if j.failed {
		hint = "Enter or click: back to the title"
	}
	f.Draw(dst, hint, 15, false, cx, ScreenHeight-40, systems.ColorTextDim, systems.AlignCenter)
}

// subtitle says which match is joined as a player knows it: a friend's
// until the server names the level, then the level. The link's match
// code means nothing to a player and is not shown.
func (j *Joining) subtitle() string {
	if j.hello != nil && j.hello.Level != "" {
		return j.env.levelTitle(j.hello.Level)
	}
	return "A friend's match"
}

// serverLine names the server ("Server: host:port") only when the player
// needs it, to check the link or their connection: it did not answer, or
// the joining failed; otherwise "".
func (j *Joining) serverLine() string {
	if !j.failed && !j.silent {
		return ""
	}
	host := strings.TrimPrefix(strings.TrimPrefix(j.link.Server, "https://"), "http://")
	return "Server: " + strings.TrimSuffix(host, "/")
}

// keepOnline makes r the one online session open, closing the one
// before (a battle left for the title, or a match joined again).
func (e *Env) keepOnline(r *netplay.Remote) {
	if e.online != nil && e.online != r {
		e.online.Close()
	}
	e.online = r
}

// closeOnline closes the online session open, if any.
func (e *Env) closeOnline() { e.keepOnline(nil) }
