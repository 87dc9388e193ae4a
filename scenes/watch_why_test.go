package scenes

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"sightline/ai"
	"sightline/levels"
	"sightline/match"
	"sightline/rules"
	"sightline/systems"
)

// goldenOutpost reads the golden Outpost replay and loads its level.
func goldenOutpost(t *testing.T) (*match.Replay, *levels.Level) {
	t.Helper()
	golden, err := match.ReadFile(filepath.Join("..", "testdata", "replays", "outpost.replay.json"))
	if err != nil {
		t.Fatal(err)
	}
	lv, err := ReplayLevel(golden)
	if err != nil {
		t.Fatal(err)
	}
	return golden, lv
}

// outpost loads the Outpost level, the golden replay's.
func outpost(t *testing.T) *levels.Level {
	t.Helper()
	_, lv := goldenOutpost(t)
	return lv
}

// computerMatch plays the computer (normal, thinking across frames as in
// a battle) against itself on Outpost until turn turns has ended, and
// returns the replay and, by command, the account the live computer
// had after it: what a live battle's overlay shows then.
func computerMatch(t *testing.T, seed uint64, turns int) (*match.Replay, []*ai.Why) {
	t.Helper()
	lv := outpost(t)
	setup := SetupFromLevel(lv)
	m := match.New(setup.State, seed)
	var cs [2]*ai.Computer
	for side := range cs {
		cs[side] = ai.NewComputer(ai.Normal)
		cs[side].Slice = aiSlice
		m.SetController(rules.Side(side), cs[side])
	}
	var whys []*ai.Why
	err := ai.Play(m, turns, func(st ai.Step) {
		if st.Err == nil {
			whys = append(whys, cs[st.Side].Why())
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	r := m.Record(setup.Level, [2]string{"computer:normal", "computer:normal"})
	if _, err := r.Play(outpost(t).State); err != nil {
		t.Fatalf("the recorded match does not re-play: %v", err)
	}
	return r, whys
}

// watchReplay opens replay r in the watch scene on its own level.
func watchReplay(t *testing.T, r *match.Replay) (*harness, *Battle) {
	t.Helper()
	lv, err := ReplayLevel(r)
	if err != nil {
		t.Fatal(err)
	}
	var b *Battle
	h := newHarness(t, testEnv(t), func(e *Env) Scene {
		var err error
		if b, err = NewWatch(e, SetupFromLevel(lv), r); err != nil {
			t.Fatal(err)
		}
		return b
	})
	return h, b
}

// openWatch opens replay r in the watch scene, paused, at the fastest
// speed, with the why overlay on.
func openWatch(t *testing.T, r *match.Replay) (*harness, *Battle) {
	t.Helper()
	h, b := watchReplay(t, r)
	h.step(key(systems.IntentSkip)) // pause before the first command
	h.settle()
	h.step(systems.KeyIntent('4'))
	h.step(systems.KeyIntent('y'))
	if n := len(b.Match().Log()); n != 0 {
		t.Fatalf("paused at once, the replay played %d commands", n)
	}
	if !b.whyOn {
		t.Fatal("Y did not show the why overlay in the replay")
	}
	return h, b
}

// stepCommand plays the replay's next command with N and lets its events
// play; the shadow computer may take a few frames to re-think it.
func stepCommand(t *testing.T, h *harness, b *Battle) {
	t.Helper()
	n := len(b.Match().Log())
	h.step(systems.KeyIntent('n'))
	for i := 0; i < 200 && len(b.Match().Log()) == n; i++ {
		h.step()
	}
	if len(b.Match().Log()) != n+1 {
		t.Fatalf("N played %d commands after command %d, want 1", len(b.Match().Log())-n, n)
	}
	// Like h.settle, without drawing: drawing every command would make
	// the test slow.
	for i := 0; i < 600 && b.Busy(); i++ {
		h.step()
	}
	if b.Busy() {
		t.Fatalf("command %d never finished playing", n)
	}
	h.step() // the fog catches up with the command
}

// setView presses V until the watch shows view (0 Blue, 1 Red, 2 both).
func setView(h *harness, b *Battle, view int) {
	for b.watch.view != view {
		h.step(systems.KeyIntent('v'))
	}
	h.step()
}

// sameWhy reports how two accounts differ ("" when they do not).
func sameWhy(have, want *ai.Why) string {
	switch {
	case have == nil && want == nil:
		return ""
	case have == nil || want == nil:
		return "one account is missing"
	case have.Unit != want.Unit || have.Command != want.Command || have.Chosen != want.Chosen:
		return "unit, command or chosen tile differ"
	case !reflect.DeepEqual(have.Tiles, want.Tiles) || !reflect.DeepEqual(have.Scores, want.Scores):
		return "tiles or scores differ"
	case !reflect.DeepEqual(have.Lines, want.Lines):
		return "lines differ:\n" + strings.Join(have.Lines, "\n") + "\nwant\n" + strings.Join(want.Lines, "\n")
	}
	return ""
}

// A replay of the computer against itself, watched with Y on, shows after
// every command the very account the live computer had after it: tiles,
// scores, chosen tile and words. With Blue's or Red's view, an account of
// a unit that view does not see is not shown; with both, all are.
func TestWatchShowsTheComputersAccount(t *testing.T) {
	r, whys := computerMatch(t, 11, 2)
	h, b := openWatch(t, r)
	if b.why != nil || !reflect.DeepEqual(b.look.whyOverlay().Lines, noAccountYet) {
		t.Fatalf("before the first command the overlay shows %q", b.look.whyOverlay().Lines)
	}
	if hint := b.look.hudInfo().Hint; !strings.Contains(hint, "Y: why") {
		t.Errorf("the replay's hint does not mention Y: %q", hint)
	}
	shown, hidden, drawn := 0, 0, false
	for i := range r.Commands {
		stepCommand(t, h, b)
		if d := sameWhy(b.why, whys[i]); d != "" {
			t.Fatalf("after command %d (%s): the replay's account differs from the live one: %s", i, b.Match().Log()[i].Command.CommandName(), d)
		}
		if b.why == nil {
			continue
		}
		ov := b.look.whyOverlay()
		if !reflect.DeepEqual(ov.Lines, b.why.Lines) || !reflect.DeepEqual(ov.Tiles, b.why.Tiles) || ov.Chosen != b.why.Chosen {
			t.Fatalf("after command %d, with both views the overlay shows %q, want the account %q", i, ov.Lines, b.why.Lines)
		}
		// Each side's view shows the account only when it sees the unit.
		for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
			setView(h, b, int(side))
			ov := b.look.whyOverlay()
			if b.Match().Visibility(side).Knows(b.why.Unit) {
				shown++
				if !reflect.DeepEqual(ov.Tiles, b.why.Tiles) || !reflect.DeepEqual(ov.Lines, b.why.Lines) {
					t.Fatalf("after command %d, %s sees unit %d, yet the overlay shows %q", i, side, b.why.Unit, ov.Lines)
				}
				continue
			}
			hidden++
			if len(ov.Tiles) > 0 || len(ov.Lines) != 1 || !strings.Contains(ov.Lines[0], "out of your sight") {
				t.Fatalf("after command %d, %s does not see unit %d, yet the overlay shows %d tiles and %q", i, side, b.why.Unit, len(ov.Tiles), ov.Lines)
			}
		}
		setView(h, b, 2)
		if _, move := b.why.Command.(rules.Move); move && !drawn {
			drawn = true
			h.draw() // the heat map and the panel, drawn
			screenshot(t, h, "watch-why.png")
		}
	}
	if shown == 0 || hidden == 0 {
		t.Fatalf("test data: accounts shown to a side %d times, hidden from it %d times; want both", shown, hidden)
	}
	setView(h, b, 0)
	h.draw()
	screenshot(t, h, "watch-why-hidden.png")
	h.step(systems.KeyIntent('y'))
	if b.whyOn {
		t.Error("Y did not hide the overlay")
	}
}

// A command that is not the one the computer would give from the same
// view (here a move changed to another tile it could reach) has no
// account: the overlay says so instead of showing the shadow's. Sides the
// shadow cannot stand for say so too.
func TestWatchSaysWhenThereIsNoAccount(t *testing.T) {
	r, whys := computerMatch(t, 11, 2)
	// The first move after another command of its side: its side's
	// previous command has an account to compare with.
	k := -1
	for i := 1; i < len(r.Commands) && k < 0; i++ {
		if r.Commands[i].Do == "move" && r.Commands[i-1].Do != "end_turn" {
			k = i
		}
	}
	if k < 0 {
		t.Fatal("test data: no move follows another command of its side")
	}
	tamper := func(r *match.Replay) *match.Replay {
		lv := outpost(t)
		cmds := make([]rules.Command, k)
		for i := range cmds {
			c, err := r.Commands[i].Command(lv.State)
			if err != nil {
				t.Fatal(err)
			}
			cmds[i] = c
		}
		m, err := match.Rebuild(lv.State, r.Seed, cmds)
		if err != nil {
			t.Fatal(err)
		}
		mv, err := r.Commands[k].Command(m.State())
		if err != nil {
			t.Fatal(err)
		}
		u := m.State().Unit(mv.(rules.Move).Unit)
		for _, p := range m.State().Reach(u.ID, rules.MoveBudget(u)).Tiles() {
			if p != u.Pos && p != mv.(rules.Move).To {
				out := *r
				out.Commands = append([]rules.CommandSpec{}, r.Commands...)
				out.Commands[k] = rules.SpecOf(rules.Move{Unit: u.ID, To: p})
				return &out
			}
		}
		t.Fatal("test data: the move has no other tile")
		return nil
	}(r)

	h, b := openWatch(t, tamper)
	for i := 0; i < k; i++ {
		stepCommand(t, h, b)
	}
	if d := sameWhy(b.why, whys[k-1]); d != "" || b.why == nil {
		t.Fatalf("before the changed command: %s (account %v)", d, b.why != nil)
	}
	stepCommand(t, h, b)
	if b.why != nil || !reflect.DeepEqual(b.look.whyOverlay().Lines, noAccount) {
		t.Fatalf("after the changed command %d the overlay shows %q, want the note that there is no account", k, b.look.whyOverlay().Lines)
	}
	h.draw()
	screenshot(t, h, "watch-why-none.png")

	for _, tc := range []struct {
		name  string
		sides [2]string
		want  func(b *Battle) string // "" when right
	}{
		{"people", [2]string{"human", "human"}, func(b *Battle) string {
			if b.why != nil || !reflect.DeepEqual(b.look.whyOverlay().Lines, noComputerSide) {
				return "want the note that no side was the computer's"
			}
			return ""
		}},
		{"unknown profile", [2]string{"computer:nosuch", "computer:normal"}, func(b *Battle) string {
			if l := b.look.whyOverlay().Lines; b.why != nil || len(l) == 0 || !strings.Contains(l[0], `"nosuch"`) {
				return "want the note that the profile is not in this version"
			}
			return ""
		}},
		{"profile unnamed", [2]string{"computer", "computer:normal"}, func(b *Battle) string {
			return sameWhy(b.why, whys[0])
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rr := *r
			rr.Sides = tc.sides
			h, b := openWatch(t, &rr)
			stepCommand(t, h, b)
			if msg := tc.want(b); msg != "" {
				t.Errorf("sides %q, after Blue's first command the overlay shows %q: %s", tc.sides, b.look.whyOverlay().Lines, msg)
			}
		})
	}
}

// scripted is a stand-in computer for a shadow: it gives its answers in
// order, each with an account naming it, and notes the views asked.
type scripted struct {
	answers []rules.Command
	asked   []*match.View
	why     *ai.Why
}

func (s *scripted) Next(v *match.View) rules.Command {
	s.asked = append(s.asked, v)
	a := s.answers[0]
	s.answers = s.answers[1:]
	if _, end := a.(rules.EndTurn); !end {
		s.why = &ai.Why{Command: a, Lines: []string{a.CommandName()}}
	}
	return a
}
func (s *scripted) Thinking() bool { return false }
func (s *scripted) Scoring() bool  { return false }
func (s *scripted) Why() *ai.Why   { return s.why }

// A shadow treats an answer the rules refuse as the live match did: it is
// asked again with the same view (on the next frame) and its next answer
// counts. A legal answer that is not the recorded command has no account,
// nor has the end of turn that follows it.
func TestShadowRetriesRefusedAnswers(t *testing.T) {
	s, err := rules.ParseASCII("B...\n....\n...R")
	if err != nil {
		t.Fatal(err)
	}
	m := match.New(s, 1)
	v := m.View(rules.SideBlue)
	blue := s.Units[0].ID
	if s.Units[0].Side != rules.SideBlue {
		t.Fatal("test data: the first unit is not Blue's")
	}
	refused := rules.Move{Unit: blue, To: rules.Point{X: 3, Y: 2}} // Red's tile
	played := rules.Move{Unit: blue, To: rules.Point{X: 1, Y: 0}}
	other := rules.Move{Unit: blue, To: rules.Point{X: 0, Y: 1}}
	for _, tc := range []struct {
		name    string
		answers []rules.Command
		play    []rules.Command // the recorded commands, asked in turn
		asks    int             // answers asked for in all
		want    []string        // the last account's lines, or the note
	}{
		{"played", []rules.Command{played}, []rules.Command{played}, 1, []string{"move"}},
		{"refused, then played", []rules.Command{refused, played}, []rules.Command{played}, 2, []string{"move"}},
		{"refused twice", []rules.Command{refused, refused, played}, []rules.Command{played}, 3, []string{"move"}},
		{"another move", []rules.Command{other}, []rules.Command{played}, 1, noAccount},
		{"a move where the end was played", []rules.Command{played, other}, []rules.Command{played, rules.EndTurn{}}, 2, noAccount},
		{"another move, then the end", []rules.Command{other, rules.EndTurn{}}, []rules.Command{played, rules.EndTurn{}}, 2, noAccount},
		{"played, then the end", []rules.Command{played, rules.EndTurn{}}, []rules.Command{played, rules.EndTurn{}}, 2, []string{"move"}},
		{"the end first", []rules.Command{rules.EndTurn{}}, []rules.Command{rules.EndTurn{}}, 1, noAccountYet},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := &scripted{answers: tc.answers}
			sh := &shadow{c: c, note: noAccountYet}
			for _, p := range tc.play {
				done := false
				for i := 0; i < 10 && !done; i++ {
					done = sh.think(v, p, s)
				}
				if !done {
					t.Fatalf("the shadow never settled on %v", p)
				}
			}
			if len(c.asked) != tc.asks || len(c.answers) != 0 {
				t.Errorf("asked %d times, %d answers left; want %d and none", len(c.asked), len(c.answers), tc.asks)
			}
			for _, a := range c.asked {
				if a != v {
					t.Error("asked with another view than the match's")
				}
			}
			have := sh.note
			if sh.why != nil {
				have = sh.why.Lines
			}
			if !reflect.DeepEqual(have, tc.want) {
				t.Errorf("have %q, want %q", have, tc.want)
			}
		})
	}
}

// While a command plays, the fog still shows the battle as it was before
// it; the overlay must not show the account of a unit the viewer does not
// see once the command is over (its chosen tile would say where it went).
func TestWhyOverlayKeepsTheFogWhileACommandPlays(t *testing.T) {
	r, _ := computerMatch(t, 11, 2)
	chances := 0
	for _, side := range []rules.Side{rules.SideBlue, rules.SideRed} {
		h, b := openWatch(t, r)
		setView(h, b, int(side))
		for range r.Commands {
			n := len(b.Match().Log())
			h.step(systems.KeyIntent('n'))
			for i := 0; i < 800 && (len(b.Match().Log()) == n || b.Busy()); i++ {
				h.step()
				if b.why == nil || !b.Busy() || b.Match().Visibility(side).Knows(b.why.Unit) {
					continue
				}
				if b.fog.Knows(b.why.Unit) {
					chances++ // the fog, as it was, still shows the unit
				}
				if ov := b.look.whyOverlay(); len(ov.Tiles) > 0 {
					t.Fatalf("%s's view, command %d playing: the overlay shows the account of unit %d, which ends out of sight", side, n, b.why.Unit)
				}
			}
		}
	}
	if chances == 0 {
		t.Fatal("test data: no command ends out of sight of a view that saw it start")
	}
}
