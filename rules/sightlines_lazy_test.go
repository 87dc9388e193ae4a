package rules

import (
	"errors"
	"slices"
	"testing"
)

// TestPropertyLazySightlinesAfterCommands plays the random commands of
// TestPropertySightlinesAfterCommands (shots at units and cover, moves,
// and now and then an obstacle razed or rebuilt) with a lazy cache next
// to a whole one, and after every command checks: each tile the lazy
// fields of view of just before the command left undecided, read only
// now, after the command and the board's change, answers as the whole
// field of view of then did (decided on the index as it was: lazyBoard);
// tiles read here and there answer as a fresh field of view does; every
// pair is the same; and, every fifth command, every whole lazy field of
// view (every tile read, then finished) is the fresh one.
func TestPropertyLazySightlinesAfterCommands(t *testing.T) {
	type then struct {
		d     *Undecided
		from  Vec  // the viewer's centre
		unit  Unit // the viewer
		open  []Point
		whole []bool
	}
	undecided, commands, flipped := 0, 0, 0
	for gi, g := range sightlineGames() {
		t.Run(g.name, func(t *testing.T) {
			for _, radius := range []int{0, 6} {
				s := g.state(t)
				lazy, whole := NewSightlines(s, radius), NewSightlines(s, radius)
				lazy.SetLazy(true)
				lazy.Update()
				rng, pick, look := NewRNG(uint64(gi+1)), NewRNG(uint64(gi+1)^0x5151), NewRNG(uint64(gi+1)^0xa5a5)
				var razed []Obstacle
				for i := range g.steps {
					// What the lazy fields of view left undecided, and
					// the whole fields of view's answers, before the
					// command.
					var before []then
					for _, u := range s.Units {
						d := lazy.FOV(u.ID).Undecided()
						if d == nil {
							continue
						}
						b := then{d: d, from: s.Board.TileCenter(u.Pos), unit: *u}
						for y := range s.Board.Height {
							for x := range s.Board.Width {
								if p := (Point{X: x, Y: y}); d.Open(p) {
									b.open, b.whole = append(b.open, p), append(b.whole, whole.FOV(u.ID).Seen(p))
								}
							}
						}
						if len(b.open) > 0 {
							undecided += len(b.open)
							before = append(before, b)
						}
					}
					cmd := randomCommand(s, pick)
					commands++
					if _, err := Apply(s, cmd, rng); errors.Is(err, ErrGameOver) {
						break
					}
					// Every fifth command cover falls or stands again:
					// the obstacles between a viewer and a tile it left
					// undecided, to change that tile's answer.
					switch obs := s.Board.Obstacles; {
					case i%10 == 4 && len(obs) > 0:
						var fall []int
						if len(before) > 0 {
							b := before[i%len(before)]
							to := s.Board.TileCenter(b.open[len(b.open)/2])
							lo := Vec{X: min(b.from.X, to.X), Y: min(b.from.Y, to.Y)}
							hi := Vec{X: max(b.from.X, to.X), Y: max(b.from.Y, to.Y)}
							for _, o := range obs {
								if a, z := o.Shape.Bounds(); a.X <= hi.X && z.X >= lo.X && a.Y <= hi.Y && z.Y >= lo.Y {
									fall = append(fall, o.ID)
								}
							}
						}
						if len(fall) == 0 {
							fall = append(fall, obs[pick.D(len(obs))-1].ID)
						}
						for _, id := range fall {
							razed = append(razed, *s.Board.Obstacle(id))
							s.Board.RemoveObstacle(id)
						}
					case i%10 == 9:
						for _, o := range razed {
							s.Board.AddObstacle(o)
						}
						razed = razed[:0]
					}
					lazy.Update()
					whole.Update()
					for _, b := range before {
						for k, p := range b.open {
							if s.SeesTile(&b.unit, p) != b.whole[k] {
								flipped++ // the board changed this tile's answer
							}
							if have := b.d.Seen(p); have != b.whole[k] {
								t.Fatalf("radius %d command %d (%s): a tile left undecided before it, %v, read after it: have %v, want %v", radius, i, cmd.CommandName(), p, have, b.whole[k])
							}
						}
					}
					fresh := NewSightlines(s, radius)
					for _, a := range s.Units {
						have, want := lazy.FOV(a.ID), fresh.FOV(a.ID)
						for range 8 {
							p := Point{X: look.D(s.Board.Width) - 1, Y: look.D(s.Board.Height) - 1}
							if have.Seen(p) != want.Seen(p) {
								t.Fatalf("radius %d command %d (%s): unit %d, tile %v read lazily: have %v, want %v", radius, i, cmd.CommandName(), a.ID, p, have.Seen(p), want.Seen(p))
							}
						}
						var enemies []int // a lazy cache lists only them
						for _, id := range want.Units {
							if s.Unit(id).Side != a.Side {
								enemies = append(enemies, id)
							}
						}
						if !slices.Equal(have.Units, enemies) {
							t.Fatalf("radius %d command %d (%s): unit %d sees units %v, want %v", radius, i, cmd.CommandName(), a.ID, have.Units, enemies)
						}
						for _, b := range s.Units {
							if lazy.Visible(a.ID, b.ID) != fresh.Visible(a.ID, b.ID) {
								t.Fatalf("radius %d command %d (%s): %d sees %d: have %v", radius, i, cmd.CommandName(), a.ID, b.ID, lazy.Visible(a.ID, b.ID))
							}
						}
						if i%5 == 1 {
							if hs, ws := fovString(have), fovString(want); hs != ws || have.Count() != want.Count() {
								t.Fatalf("radius %d command %d (%s): unit %d's lazy field of view, finished, differs\nhave\n%s\nwant\n%s", radius, i, cmd.CommandName(), a.ID, hs, ws)
							}
						}
					}
				}
			}
		})
	}
	t.Logf("%d tiles left undecided over %d commands, %d of them answered otherwise on the board after", undecided, commands, flipped)
	if undecided < commands || flipped == 0 {
		t.Errorf("%d tiles left undecided over %d commands, %d changed by the board: too few for the lazy path to be checked", undecided, commands, flipped)
	}
}
