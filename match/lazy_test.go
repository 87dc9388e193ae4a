package match

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"sightline/internal/mapgen"
	"sightline/internal/ruletest"
	"sightline/rules"
)

// TestLazyFogMatchesWholeFog plays random legal commands (walks, stance
// changes, shots at units and at cover, turns ended) on generated maps in
// two matches, one whose fields of view are whole and one whose are lazy,
// as a re-play's are, and after every command checks that both tagged the
// same witnesses on every event, gave the same finality, remember the same
// obstacles and the same last sightings; every fourth command both sides'
// fog, finished, must be the same tile for tile. The lazy match must have
// left tiles undecided, and shots must have destroyed cover (the board
// changing under a lazy fog). Under -short (the js/wasm lane) it plays
// the first map only; the native run plays three.
func TestLazyFogMatchesWholeFog(t *testing.T) {
	undecided, shots, razed := 0, 0, 0
	maps := 3
	if testing.Short() {
		maps = 1
	}
	for _, seed := range mapgen.Seeds(maps) {
		whole := New(ruletest.Troopers(t, mapgen.ASCII(48, 48, 12, seed)), seed)
		// Lazy from the start, as a re-play's (the first map), or
		// made lazy after its first fields of view (the others).
		lazy := newMatch(ruletest.Troopers(t, mapgen.ASCII(48, 48, 12, seed)), seed, seed == mapgen.Seeds(maps)[0])
		lazy.setLazy(true)
		rng := rand.New(rand.NewPCG(seed, 31))
		for i := range 300 {
			if whole.Over() {
				break
			}
			cmd := randomLegal(whole.State(), rng)
			if a, ok := cmd.(rules.Attack); ok && a.Obstacle != 0 {
				shots++
			}
			hw, err := whole.Apply(cmd)
			if err != nil {
				t.Fatalf("seed %d command %d (%s): %v", seed, i, cmd.CommandName(), err)
			}
			hl, err := lazy.Apply(cmd)
			if err != nil {
				t.Fatalf("seed %d command %d (%s): lazy: %v", seed, i, cmd.CommandName(), err)
			}
			for side := range 2 {
				undecided += openTiles(lazy.know.now[side])
			}
			for _, e := range hw.Events {
				if _, ok := e.Event.(rules.ObstacleRemoved); ok {
					razed++
				}
			}
			if hw.Final != hl.Final || !reflect.DeepEqual(hw.Events, hl.Events) {
				t.Fatalf("seed %d command %d (%s): whole fog: %q %+v, lazy: %q %+v", seed, i, cmd.CommandName(), hw.Final, hw.Events, hl.Final, hl.Events)
			}
			for side := range rules.Side(2) {
				if h, w := memoryState(lazy.know.mem, side), memoryState(whole.know.mem, side); !reflect.DeepEqual(h, w) {
					t.Fatalf("seed %d command %d (%s) side %d: the lazy fog remembers\n%+v\nthe whole\n%+v", seed, i, cmd.CommandName(), side, h, w)
				}
				if h, w := lazy.know.sight[side], whole.know.sight[side]; !reflect.DeepEqual(h, w) {
					t.Fatalf("seed %d command %d (%s) side %d: last sightings %+v, want %+v", seed, i, cmd.CommandName(), side, h, w)
				}
				if i%4 == 3 {
					h, w := lazy.Visibility(side), whole.Visibility(side)
					if !reflect.DeepEqual(h.seen, w.seen) || !reflect.DeepEqual(h.units, w.units) || h.pend != nil {
						t.Fatalf("seed %d command %d (%s) side %d: the lazy fog, finished, sees %d tiles, the whole %d", seed, i, cmd.CommandName(), side, h.Count(), w.Count())
					}
				}
			}
		}
		// Made whole again (a re-play handing its match on): no field
		// of view or fog is left lazy, and the fog is the whole one.
		lazy.setLazy(false)
		for side := range rules.Side(2) {
			h, w := lazy.know.now[side], whole.know.now[side]
			if left := h.pend != nil; left || !reflect.DeepEqual(h.seen, w.seen) || !reflect.DeepEqual(h.units, w.units) {
				t.Fatalf("seed %d side %d: the fog made whole again (undecided tiles left: %v) sees %d tiles, the whole %d", seed, side, left, h.Count(), w.Count())
			}
		}
		for _, u := range lazy.State().Units {
			if lazy.lines.FOV(u.ID).Undecided() != nil {
				t.Fatalf("seed %d: unit %d's field of view is still lazy", seed, u.ID)
			}
			// Whole again, it lists every living unit in sight, its
			// own side's too.
			var want []int
			for _, v := range lazy.State().Units {
				if u.Alive() && v != u && v.Alive() && lazy.State().LineOfSight(u, v) {
					want = append(want, v.ID)
				}
			}
			if h := lazy.lines.FOV(u.ID).Units; !slices.Equal(h, want) {
				t.Fatalf("seed %d: unit %d's field of view made whole again lists %v, want %v", seed, u.ID, h, want)
			}
		}
	}
	t.Logf("%d tiles left undecided after the commands; %d shots at cover, %d obstacles destroyed", undecided, shots, razed)
	if undecided == 0 || razed == 0 {
		t.Errorf("%d tiles left undecided, %d obstacles destroyed: the lazy fog was not checked", undecided, razed)
	}
}

// randomLegal returns a command for the side to move, legal unless no
// unit of the side can act (ruletest.LegalCommand), with a shot at random
// destructible cover tried first half the time, so that cover falls.
func randomLegal(s *rules.State, rng *rand.Rand) rules.Command {
	return ruletest.LegalCommand(s, rng, func(u *rules.Unit, _ []*rules.Unit) rules.Command {
		var weak []*rules.Obstacle
		for _, o := range s.Board.Obstacles {
			if o.Destructible {
				weak = append(weak, o)
			}
		}
		if len(weak) > 0 && rng.IntN(2) == 0 {
			return rules.Attack{Unit: u.ID, Obstacle: weak[rng.IntN(len(weak))].ID}
		}
		return nil
	})
}

// openTiles counts the tiles of v still undecided: neither seen nor
// decided dark, and open in one of its lazy fields of view.
func openTiles(v *Visibility) int {
	n := 0
	for i := range v.Width * v.Height {
		w, b := i>>6, uint64(1)<<(i&63)
		if v.seen[w]&b != 0 || v.dark != nil && v.dark[w]&b != 0 {
			continue
		}
		p := rules.Point{X: i % v.Width, Y: i / v.Width}
		for _, d := range v.pend {
			if d.Open(p) {
				n++
				break
			}
		}
	}
	return n
}

// TestLateWitnessAnswersAsOfItsCommand plays random legal commands, shots
// at cover half the time, in a match with whole fields of view and in one
// with lazy ones, as a re-play's, keeps every command's witness and reads
// them all only at the end, after later commands razed cover: each lazy
// witness must answer what the whole one does for every event of its
// command (Sees, MoveSeen of every unit, SeesTile of a move's path and of
// where a move was cut short). Reading a lazy witness late used to decide
// tiles on a board that had changed (a panic).
func TestLateWitnessAnswersAsOfItsCommand(t *testing.T) {
	seed := mapgen.Seeds(1)[0]
	whole := New(ruletest.Troopers(t, mapgen.ASCII(48, 48, 12, seed)), seed)
	lazy := newMatch(ruletest.Troopers(t, mapgen.ASCII(48, 48, 12, seed)), seed, true)
	rng := rand.New(rand.NewPCG(seed, 47))
	var hw, hl []*Result
	razed, lateRazed := 0, 0 // obstacles destroyed, and witnesses made before one was
	for i := range 300 {
		if whole.Over() {
			break
		}
		cmd := randomLegal(whole.State(), rng)
		w, err := whole.Apply(cmd)
		if err != nil {
			t.Fatalf("command %d (%s): %v", i, cmd.CommandName(), err)
		}
		l, err := lazy.Apply(cmd)
		if err != nil {
			t.Fatalf("command %d (%s): lazy: %v", i, cmd.CommandName(), err)
		}
		for _, e := range w.Events {
			if _, ok := e.Event.(rules.ObstacleRemoved); ok {
				razed++
				lateRazed = len(hw)
			}
		}
		hw, hl = append(hw, w), append(hl, l)
	}
	n := len(lazy.State().Units)
	for i := range hw {
		w, l := hw[i].Witness, hl[i].Witness
		for side := range rules.Side(2) {
			for id := 1; id <= n; id++ {
				hs, he := l.MoveSeen(side, id)
				ws, we := w.MoveSeen(side, id)
				if hs != ws || he != we {
					t.Fatalf("command %d side %d: MoveSeen(%d) = %v %v, want %v %v", i, side, id, hs, he, ws, we)
				}
			}
			for _, e := range hw[i].Events {
				if have, want := l.Sees(side, e.Event), w.Sees(side, e.Event); have != want {
					t.Fatalf("command %d side %d: Sees(%+v) = %v, want %v", i, side, e.Event, have, want)
				}
				var tiles []rules.Point
				switch ev := e.Event.(type) {
				case rules.Moved:
					if start, end := w.MoveSeen(side, ev.Unit); start != end {
						tiles = ev.Path
					}
				case rules.MoveInterrupted:
					tiles = []rules.Point{ev.At}
				}
				for _, p := range tiles {
					if have, want := l.SeesTile(side, p), w.SeesTile(side, p); have != want {
						t.Fatalf("command %d side %d: SeesTile(%v) = %v, want %v", i, side, p, have, want)
					}
				}
			}
		}
	}
	t.Logf("%d commands, %d obstacles destroyed, the last after command %d", len(hw), razed, lateRazed)
	if razed == 0 || lateRazed < len(hw)/2 {
		t.Errorf("%d obstacles destroyed, the last after command %d of %d: few witnesses were read late", razed, lateRazed, len(hw))
	}
}
