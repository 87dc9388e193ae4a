package scenes

import (
	"fmt"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/levels"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// resumeBudget is how long a frame may spend re-playing a save's
// commands: the rest of the frame draws the progress.
const resumeBudget = 12 * time.Millisecond

// resumer re-plays a save a few commands at a time, wording the log of
// the battle before it as it goes.
type resumer struct {
	env  *Env
	r    *match.Replay
	lv   *levels.Level
	p    *match.Playback
	past systems.CombatLog
}

// newResumer loads the level r names and starts its re-play.
func newResumer(env *Env, r *match.Replay) (*resumer, error) {
	lv, err := ReplayLevel(r)
	if err != nil {
		return nil, err
	}
	rs := &resumer{env: env, r: r, lv: lv}
	// The log is worded again from each command's events as they are
	// re-played, for the sides that saw them, naming what they removed.
	rs.past = systems.CombatLog{Roster: systems.NewRoster(lv.State), Theme: env.Theme()}
	rs.p, err = r.Playback(lv.State, func(res *match.Result) {
		rs.past.Witness = res.Witness
		for _, ev := range res.Events {
			rs.past.Add(ev.Event)
		}
		rs.past.Roster.Note(lv.State) // the state the match plays on, as it is now
	})
	if err != nil {
		return nil, err
	}
	return rs, nil
}

// step re-plays commands until every one is or budget has passed (0:
// no bound), and reports whether every one is.
func (rs *resumer) step(budget time.Duration) (bool, error) {
	start := time.Now()
	for !rs.p.Done() {
		if err := rs.p.Step(); err != nil {
			return false, err
		}
		if budget > 0 && time.Since(start) > budget {
			break
		}
	}
	return rs.p.Done(), nil
}

// battle checks the end of the re-play and returns the battle the save
// holds, with its camera and selection, each side played by whoever
// played it.
func (rs *resumer) battle() (*Battle, error) {
	if err := rs.p.Finish(); err != nil {
		return nil, err
	}
	r, lv, m := rs.r, rs.lv, rs.p.Match()
	setup := SetupFromLevel(lv)
	for side, name := range r.Sides {
		p, profile := playerOf(name)
		setup.Players[side] = p
		if p == Computer {
			setup.Profile = profile
		}
	}
	setup.Campaign = r.Campaign && rs.campaignRules(setup, m)
	b := newBattle(rs.env, setup, m)
	rs.past.Flush()
	b.ui.log.Lines = append(rs.past.Lines, b.ui.log.Lines...)
	for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
		b.ui.log.Note(side, "(resumed at turn "+itoa(b.state.Turn)+")")
	}
	if v := r.View; v != nil { // match checked it is a number in range; the map bounds it here
		b.cam.Zoom = min(max(v.Zoom, b.cam.MinZoom), b.cam.MaxZoom)
		b.cam.X, b.cam.Y = v.X, v.Y
		b.cam.Clamp()
		b.Select(v.Selected)
	}
	if r.Note != "" && b.hud != nil {
		b.hud.Toast(match.SafeText(r.Note))
	}
	return b, nil
}

// campaignRules reports whether a save that says it is a campaign battle
// is one: a level of the campaign as shipped (not a map from disk), a
// person as Blue against the computer (as the campaign plays), and not
// yet decided, so its end is played
// here. A file's flag alone never scores the campaign.
func (rs *resumer) campaignRules(setup Setup, m *match.Match) bool {
	if over := m.Over(); over || rs.lv.Path != "" || setup.Players != [2]Player{Human, Computer} {
		return false
	}
	_, order := campaignOrder(rs.env.levelEntries())
	for _, f := range order {
		if f == rs.lv.File {
			return true
		}
	}
	return false
}

// Resume re-plays a save, checking it turn by turn, and returns the
// battle it holds (see resumer.battle), all at once.
func Resume(env *Env, r *match.Replay) (*Battle, error) {
	rs, err := newResumer(env, r)
	if err != nil {
		return nil, err
	}
	if _, err := rs.step(0); err != nil {
		return nil, err
	}
	return rs.battle()
}

// Resuming is the screen shown while a save is re-played, a frame's
// budget at a time, with how far it has got, so a long save never
// freezes the game; the battle follows, or fail with why not.
type Resuming struct {
	env  *Env
	rs   *resumer
	fail func(*Manager, error)
	// budget is how long a frame re-plays commands (resumeBudget); at
	// least one command is re-played a frame.
	budget time.Duration
	next   *Battle // the battle, once every command is re-played
	err    error   // why the save cannot be resumed
	left   bool    // the battle or the failure is on its way: nothing more to do
	menu   systems.Menu
	text   string // the menu's text, unwrapped (fitMenu wraps it held upright)
	paint  systems.Painter
}

// NewResuming starts re-playing save r; fail (when not nil) is called
// with the error if it cannot be resumed, else the title says why.
func NewResuming(env *Env, r *match.Replay, fail func(*Manager, error)) (*Resuming, error) {
	rs, err := newResumer(env, r)
	if err != nil {
		return nil, err
	}
	return &Resuming{env: env, rs: rs, fail: fail, budget: resumeBudget, paint: env.painter(), menu: systems.Menu{Title: "Resuming " + match.SafeText(r.Level.Name)}}, nil
}

// Name returns "resuming".
func (s *Resuming) Name() string { return "resuming" }

// Update re-plays commands for a frame's budget, also while the fade
// into this screen runs, then goes to the battle once every one is (or
// fails), when no fade runs: the manager ignores a change asked during
// one.
func (s *Resuming) Update(m *Manager, _ []systems.Intent) error {
	if s.next == nil && s.err == nil {
		done, err := s.rs.step(s.budget)
		switch {
		case err != nil:
			s.err = err
		case done:
			s.next, s.err = s.rs.battle()
		}
		n, total := s.rs.p.Progress()
		s.text = fmt.Sprintf("re-playing its commands: %d of %d", n, total)
		w, h := s.screenSize()
		fitMenu(&s.menu, s.env.Fonts, s.env.screenScale(), w, h, s.text)
	}
	if m.Transitioning() || s.left {
		return nil
	}
	switch {
	case s.err != nil && s.fail != nil:
		s.left = true
		s.fail(m, s.err)
	case s.err != nil:
		s.left = true
		s.env.Notice = "The save cannot be resumed: " + match.SafeText(s.err.Error())
		m.GoTo(NewTitle(m.Env))
	case s.next != nil:
		s.left = true
		m.GoTo(s.next)
	}
	return nil
}

// Draw draws the progress.
func (s *Resuming) Draw(dst *ebiten.Image) {
	dst.Fill(systems.ColorBackground)
	w, h := s.screenSize()
	fitMenu(&s.menu, s.env.Fonts, s.env.screenScale(), w, h, s.text)
	s.menu.Draw(dst, &s.paint, s.env.Fonts)
}
