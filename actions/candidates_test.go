package actions_test

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"sightline/actions"
	"sightline/ai"
	"sightline/match"
	"sightline/rules"
)

// TestCandidates lists what each kind of target gives the computer to
// weigh, on one board: the known enemies, the cones and areas toward
// them, the cover sheltering them, the tiles the reach holds.
func TestCandidates(t *testing.T) {
	s := troopers(t, `
		.....
		B..lR
		.....
		....R`)
	shelter := s.Board.Obstacles[0].ID // the wood between unit 1 and unit 2
	p := func(x, y int) rules.Point { return rules.Point{X: x, Y: y} }
	onlyTwo := func(id int) bool { return id == 2 }
	tests := []struct {
		id    actions.ID
		known func(int) bool
		want  []rules.Command
	}{
		{actions.TakeCover, nil, []rules.Command{rules.TakeCover{Unit: 1}}},
		{actions.Crouch, nil, []rules.Command{rules.ChangeStance{Unit: 1, To: rules.Crouched}}},
		{actions.DrawHolster, nil, []rules.Command{rules.Holster{Unit: 1}}},
		{actions.EndTurn, nil, []rules.Command{rules.EndTurn{}}},
		{actions.Overwatch, nil, []rules.Command{rules.Overwatch{Unit: 1, At: p(4, 1)}, rules.Overwatch{Unit: 1, At: p(4, 3)}}},
		{actions.Covering, onlyTwo, []rules.Command{rules.CoveringFire{Unit: 1, At: p(4, 1)}}},
		{actions.Suppress, onlyTwo, []rules.Command{
			rules.SuppressiveFire{Unit: 1, At: p(4, 1)}, rules.SuppressiveFire{Unit: 1, At: p(3, 1)},
			rules.SuppressiveFire{Unit: 1, At: p(4, 0)}, rules.SuppressiveFire{Unit: 1, At: p(3, 0)}}},
		{actions.Charge, nil, []rules.Command{rules.Charge{Unit: 1, Target: 2}, rules.Charge{Unit: 1, Target: 3}}},
		{actions.Blind, onlyTwo, []rules.Command{rules.BlindFire{Unit: 1, Target: 2}}},
		{actions.Attack, onlyTwo, []rules.Command{
			rules.Attack{Unit: 1, Target: 2}, rules.Attack{Unit: 1, Target: 2, Obstacle: shelter},
			rules.Attack{Unit: 1, Obstacle: shelter}}},
		{actions.Dash, nil, nil}, // not suppressed
		{actions.Pile, func(int) bool { return false }, nil},
	}
	for _, tt := range tests {
		have := tt.id.Candidates(s, 1, tt.known)
		if tt.id == actions.Pile {
			// Piling reaches at least where walking does (the wood is
			// vaulted either way).
			if len(have) < len(actions.Move.Candidates(s, 1, nil)) {
				t.Errorf("pile: %d candidates, fewer than the walks", len(have))
			}
			continue
		}
		if !reflect.DeepEqual(have, tt.want) {
			t.Errorf("%v:\nhave %v\nwant %v", tt.id, have, tt.want)
		}
	}
	// Move: one walk to every tile the reach holds but its own.
	r := s.Reach(1, rules.MoveBudget(s.Unit(1)))
	var want []rules.Command
	for _, q := range r.Tiles() {
		if q != s.Unit(1).Pos {
			want = append(want, rules.Move{Unit: 1, To: q})
		}
	}
	if have := actions.Move.Candidates(s, 1, nil); len(want) == 0 || !reflect.DeepEqual(have, want) {
		t.Errorf("move: have %v, want %v", have, want)
	}
	// A suppressed unit may break out to every tile of its dash.
	s.Unit(1).Status.Suppressed = true
	if have := actions.Dash.Candidates(s, 1, nil); len(have) == 0 || have[0] != (rules.Move{Unit: 1, To: have[0].(rules.Move).To, Dash: true}) {
		t.Errorf("dash while suppressed: %v", have)
	}
	if have := actions.Reload.Candidates(s, 9, nil); have != nil {
		t.Errorf("no unit 9: %v", have)
	}
}

// TestFires: the actions marked Fires are exactly those whose commands
// rules.State.PreviewFire forecasts.
func TestFires(t *testing.T) {
	s := troopers(t, `
		B..lR
		.....`)
	for _, a := range actions.All() {
		cands := a.ID.Candidates(s, 1, nil)
		if len(cands) == 0 && a.ID != actions.Dash {
			t.Errorf("%v: no candidates", a.ID)
		}
		for _, c := range cands {
			_, err := s.PreviewFire(c)
			if fires := !errors.Is(err, rules.ErrUnknownCmd); fires != a.Fires {
				t.Errorf("%v: Fires is %v, PreviewFire(%#v) says %v", a.ID, a.Fires, c, err)
			}
		}
	}
}

// positions are the boards TestCandidatesCoverTheComputer plays: each
// letter's unit is equipped as the type named for it.
var positions = []struct {
	name  string
	m     string
	types map[rune]string
	prep  func(s *rules.State)
}{
	{"open ground", `
		B.......l....R
		..l...........
		B......h.....R
		..............`, nil, nil},
	{"walls and wood", `
		..#.....l...
		B.#..l..l..R
		..#.....l...
		b.......#..R
		....hh..#...`, map[rune]string{'B': "gunner", 'b': "scout", 'R': "breacher"}, nil},
	{"close quarters", `
		B.l.R
		..l..
		B...R`, map[rune]string{'B': "breacher", 'R': "scout"}, func(s *rules.State) {
		s.Unit(1).Hand = rules.Carried{} // hands empty: it draws
		s.Unit(2).Hand.Ammo = 0          // empty gun: it reloads
		s.Unit(3).Status.Suppressed, s.Unit(3).Status.SuppressedBy = true, 4
	}},
	{"gunner and breacher", `
		B..........
		...........
		......R....
		b.....R....`, map[rune]string{'B': "gunner", 'b': "breacher"}, nil},
	{"through the wall", `
		......#......
		.B....h....R.
		......#......`, map[rune]string{'B': "gunner", 'R': "gunner"}, func(s *rules.State) {
		for _, o := range s.Board.Obstacles {
			if o.Height == rules.HeightHigh {
				o.Destructible, o.Material, o.DE = true, "wood", 3
			}
		}
	}},
	{"pinned down in the open", `
		....................R
		.#...................
		.#.........B.........
		.#...................
		....................R`, nil, func(s *rules.State) {
		s.Unit(2).Status.Suppressed, s.Unit(2).Status.SuppressedBy = true, 1
		s.Unit(2).HP = 4
	}},
	{"a wooden wall between", `
		......#......
		.B....#....R.
		......#......`, map[rune]string{'B': "gunner", 'R': "gunner"}, func(s *rules.State) {
		for _, o := range s.Board.Obstacles {
			if o.Shape.CoversTile(rules.Point{X: 6, Y: 1}, s.Board.TileSize) {
				o.Destructible, o.Material, o.DE = true, "wood", 3
			}
		}
	}},
	{"behind high cover", `
		..........
		..Bh...R..
		..........
		..........
		b.........`, map[rune]string{'b': "scout"}, nil},
}

// TestCandidatesCoverTheComputer plays the computer opponent (every
// profile) and the arena's baselines on the positions and checks that
// each command they give is among its action's candidates (or, for an
// action aimed at a tile, what a player pointing at that tile gives), in the battle
// the side believes in (ai.Belief), with every enemy it believes in
// known: the computer weighs the catalogue's candidates, and what the
// baselines build is among them too.
func TestCandidatesCoverTheComputer(t *testing.T) {
	profiles, err := ai.Profiles()
	if err != nil {
		t.Fatal(err)
	}
	type player struct {
		name string
		make func(seed uint64) match.Controller
	}
	var players []player
	for _, p := range profiles {
		players = append(players, player{"computer " + p.Name, func(uint64) match.Controller { return ai.NewComputer(p) }})
	}
	players = append(players,
		player{"random", func(seed uint64) match.Controller { return ai.NewRandom(seed) }},
		player{"greedy", func(uint64) match.Controller { return ai.NewGreedy() }})
	seen := map[actions.ID]int{}
	for _, pos := range positions {
		for _, blue := range players {
			red := players[0] // the default profile, which plays every command
			for seed := uint64(1); seed <= 3; seed++ {
				s := equip(t, pos.m, pos.types)
				if pos.prep != nil {
					pos.prep(s)
				}
				m := match.New(s, seed)
				name := fmt.Sprintf("%s, %s vs %s, seed %d", pos.name, blue.name, red.name, seed)
				m.SetController(rules.SideBlue, checked{blue.make(seed), t, name, seen})
				m.SetController(rules.SideRed, checked{red.make(seed), t, name, seen})
				if err := ai.Play(m, 8, nil); err != nil {
					t.Fatalf("%s: %v", name, err)
				}
			}
		}
	}
	// The positions must make the computer give every kind it can.
	for _, id := range []actions.ID{actions.Move, actions.Attack, actions.TakeCover, actions.Stand, actions.Crouch, actions.Prone,
		actions.Overwatch, actions.Covering, actions.Suppress, actions.Reload, actions.DrawHolster, actions.Pile, actions.Dash, actions.EndTurn} {
		if seen[id] == 0 {
			t.Errorf("no %v given: the positions test less than they should", id)
		}
	}
	t.Logf("commands checked, by action: %v", seen)
}

// checked is a controller that checks each command of the one it wraps
// against the catalogue's candidates.
type checked struct {
	c    match.Controller
	t    *testing.T
	name string
	seen map[actions.ID]int
}

// Next implements match.Controller.
func (c checked) Next(v *match.View) rules.Command {
	cmd := c.c.Next(v)
	if cmd == nil {
		return nil
	}
	id, ok := actions.Of(cmd)
	if !ok {
		c.t.Errorf("%s: %#v is no action's", c.name, cmd)
		return cmd
	}
	c.seen[id]++
	if _, end := cmd.(rules.EndTurn); end {
		return cmd
	}
	s := ai.Belief(v)
	unit := rules.SpecOf(cmd).Unit
	if !slices.Contains(id.Candidates(s, unit, nil), cmd) && !pointed(id, s, cmd) {
		c.t.Errorf("%s, turn %d: %v's candidates lack %#v", c.name, v.Turn, id, cmd)
	}
	return cmd
}

// pointed reports whether cmd is what a player pointing the action at a
// tile would give: the computer may watch a tile no enemy stands on (the
// open ground an enemy must cross), which a player can click as well,
// though it is none of the candidates (the cones toward the enemies).
func pointed(id actions.ID, s *rules.State, cmd rules.Command) bool {
	spec := rules.SpecOf(cmd)
	if id.Spec().Takes != actions.TargetPoint || spec.At == nil {
		return false
	}
	p := rules.Point{X: spec.At[0], Y: spec.At[1]}
	t, ok := id.TargetAt(s, spec.Unit, p, nil)
	return ok && id.Command(s, spec.Unit, t) == cmd
}

// equip parses an ASCII map and equips each unit as the type its letter
// names (trooper by default); low cover becomes destructible wood.
func equip(t *testing.T, m string, types map[rune]string) *rules.State {
	t.Helper()
	s := troopers(t, m)
	d := rules.DefaultData()
	i := 0
	for _, line := range splitRows(m) {
		for _, r := range line {
			if typ, ok := types[r]; ok {
				u := s.Units[i]
				st := u.Stance
				if err := d.Equip(u, typ); err != nil {
					t.Fatal(err)
				}
				u.Stance = st
			}
			if r == 'B' || r == 'b' || r == 'R' || r == 'r' {
				i++
			}
		}
	}
	return s
}

// splitRows returns the rows of an ASCII map without their indentation,
// in the order ParseASCII numbers the units (row by row).
func splitRows(m string) []string {
	var out []string
	row := ""
	for _, r := range m + "\n" {
		switch r {
		case '\n':
			if row != "" {
				out = append(out, row)
			}
			row = ""
		case '\t', ' ':
		default:
			row += string(r)
		}
	}
	return out
}
