package ai

import (
	"fmt"
	"strings"
	"testing"

	"sightline/internal/ruletest"
	"sightline/match"
	"sightline/rules"
)

func init() { tactics = append(tactics, escortTactics...) }

// escortTactics are the positions of the escort (escort.go), played by
// TestTactics with the others.
var escortTactics = []tactic{
	{name: "escorting the unit it must protect, it keeps it out of every lane an enemy could step into and fire down", board: `
		R.................
		................B.
		..................
		#######..#########
		#######..#########
		..................
		.......B..........
		..................
		..................
		..................
		..............R...`,
		types: map[int]string{2: "scout"},
		prep: func(s *rules.State) {
			s.Objectives = []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalProtect, Target: 3}}
			s.Unit(2).AP = 0 // the scout that spots the rifleman has acted
		},
		check: func(r turnResult) error { return outOfStepOut(r.s, 3) }},
}

// laneFell is the chance of a fall at which a tile an enemy may step to
// and fire from is a lane (outOfStepOut): a shot the cover's DE all but
// stops (a rifle's 40% past concrete, DE 18, on a covered limb) is none.
const laneFell = 0.05

// outOfStepOut reports an error when a living Red unit could, where it
// stands or after one move action, fire at Blue unit id every shot the
// AP it would have left buys with a chance of laneFell or more to fell
// it, each hit on a limb the cover hides losing the cover's DE first as
// the rules have it (behindCover; a step-out tile the cover does not
// face is a lane).
func outOfStepOut(s *rules.State, id int) error {
	u := s.Unit(id)
	for _, e := range s.Units {
		if e.Side != rules.SideRed || !e.Alive() {
			continue
		}
		moving := *e
		moving.AP = 1
		for _, q := range s.Reach(e.ID, rules.MoveBudget(&moving)).Tiles() {
			moved := *e
			moved.Pos = q
			p, err := s.PreviewShot(moved, *u)
			if err != nil {
				continue
			}
			ap := max(e.MaxAP, 1)
			if q != e.Pos {
				ap--
			}
			n := ap / max(p.AP, 1)
			vol := make([]shotOdds, n)
			for i := range vol {
				vol[i] = behindCover(s, p, weaponOf(s, p.Weapon))
			}
			if f := fellOdds(u.HP, vol, nil); f >= laneFell {
				return fmt.Errorf("%s could step to %v and fire %d shots at %s at %v: %.0f%% that they fell it", e.Name, q, n, u.Name, u.Pos, 100*f)
			}
		}
	}
	return nil
}

// TestEscortCountsTheStepOut: the unit its side must protect counts the
// fire of an enemy that would have to step out to shoot it, every shot,
// and says so in the why overlay; without Escort, or for a unit it need
// not protect, neither (normal has no StepOut of its own).
func TestEscortCountsTheStepOut(t *testing.T) {
	for _, tt := range []struct {
		name      string
		escort    bool
		protected bool
		want      bool
	}{
		{"escort, protected", true, true, true},
		{"no escort", false, true, false},
		{"not protected", true, false, false},
	} {
		s, blue, red := hiddenPair(t)
		if tt.protected {
			s.Objectives = []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalProtect, Target: blue.ID}}
		}
		p := Normal
		p.Escort = tt.escort
		c, x := escortExposure(s, p, blue, red)
		threats := []*rules.Unit{red}
		if have := x.stepped > 0 && x.damage > 0; have != tt.want {
			t.Errorf("%s: step-out damage %.2f of %.2f, want counted %v", tt.name, x.stepped, x.damage, tt.want)
		}
		lines := whyLines(c, s, blue, threats)
		if have := strings.Contains(lines, "its fall loses the battle"); have != tt.want {
			t.Errorf("%s: names the escort %v, want %v: %q", tt.name, have, tt.want, lines)
		}
	}
}

// hiddenPair returns a battle where Red, behind a wall, has no shot at
// Blue where they stand and one move action gives it one, and the two;
// it fails the test if Red has the shot already.
func hiddenPair(t *testing.T) (*rules.State, *rules.Unit, *rules.Unit) {
	t.Helper()
	s := ruletest.Troopers(t, `
		....................
		..B.....####........
		........####..R.....
		........####........
		....................`)
	blue, red := s.Units[0], s.Units[1]
	if _, err := s.PreviewShot(*red, *blue); err == nil {
		t.Fatal("test map: Red has a shot at Blue where it stands")
	}
	return s, blue, red
}

// whyLines is c's why overlay, in one line, for u staying where it
// stands with threats believed in.
func whyLines(c *Computer, s *rules.State, u *rules.Unit, threats []*rules.Unit) string {
	w := &thought{view: c.view, s: s, u: u, threats: threats, shotAP: 1, best: u.Pos, scores: []float64{0}, where: c.names.of(s.Board)}
	return strings.Join(c.explain(w, rules.EndTurn{}).Lines, " ")
}

// TestEscortTakesTheBetterVolley: an enemy with a shot at the unit its
// side must protect where it stands may step out to a better one, past
// the cover that faces it: the escort counts whichever volley deals
// more. In the escort's position, Red 1 sees Blue 3 in the wall's gap at
// (7,3) behind the concrete (DE 18, every limb hidden) and may step to
// (5,0), where nothing covers it: with the cover's DE counted that step
// out is the volley; at its dice the three shots where it stands deal
// more than the two after the step.
func TestEscortTakesTheBetterVolley(t *testing.T) {
	for _, tt := range []struct {
		name    string
		coverDE bool
		at      rules.Point
		stepped bool
	}{
		{"the DE counted, in the gap's open lane", true, rules.Point{X: 7, Y: 3}, true},
		{"at the dice, in the gap's open lane", false, rules.Point{X: 7, Y: 3}, false},
		{"the DE counted, out of sight but for a step out", true, rules.Point{X: 7, Y: 4}, true},
	} {
		s := ruletest.Troopers(t, escortTactics[0].board)
		s.Objectives = []rules.Objective{{Side: rules.SideBlue, Goal: rules.GoalProtect, Target: 3}}
		s.Unit(4).HP = 0
		blue, red := s.Unit(3), s.Unit(1)
		blue.Pos = tt.at
		p := Normal
		p.CoverDE = tt.coverDE
		_, x := escortExposure(s, p, blue, red)
		if have := x.stepped > 0; have != tt.stepped {
			t.Errorf("%s: step-out damage %.2f of %.2f, want the step out %v", tt.name, x.stepped, x.damage, tt.stepped)
		}
	}
}

// escortExposure is the exposure of Blue unit u, as it stands in s, to
// the Red unit e, for a computer on profile p deciding for u, and the
// computer.
func escortExposure(s *rules.State, p Profile, u, e *rules.Unit) (*Computer, exposure) {
	c := NewComputer(p)
	c.view = match.New(s, 1).View(rules.SideBlue)
	c.memo.begin(s)
	threats := []*rules.Unit{e}
	c.escort = c.escorting(u)
	c.steps = c.stepOuts(s, u, threats)
	return c, c.exposed(s, u, threats)
}
