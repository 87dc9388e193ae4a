package entities

import (
	"math"
	"testing"

	"sightline/rules"
)

func vec(x, y float64) rules.Vec { return rules.Vec{X: x, Y: y} }

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestTween(t *testing.T) {
	east, south := 0.0, math.Pi/2
	tests := []struct {
		name    string
		points  []rules.Vec
		speed   float64
		steps   int
		wantPos rules.Vec
		wantDir float64
		done    bool
	}{
		{"first tick along a straight line", []rules.Vec{vec(0, 0), vec(32, 0)}, 4, 1, rules.Vec{X: 4}, east, false},
		{"reaches the end exactly", []rules.Vec{vec(0, 0), vec(32, 0)}, 4, 8, rules.Vec{X: 32}, east, true},
		{"carries leftover round a corner", []rules.Vec{vec(0, 0), vec(32, 0), vec(32, 32)}, 5, 7, rules.Vec{X: 32, Y: 3}, south, false},
		{"stops at the last point", []rules.Vec{vec(0, 0), vec(32, 0), vec(32, 32)}, 5, 100, rules.Vec{X: 32, Y: 32}, south, true},
		{"skips zero-length segments", []rules.Vec{vec(0, 0), vec(0, 0), vec(0, 10)}, 4, 1, rules.Vec{Y: 4}, south, false},
		{"diagonal", []rules.Vec{vec(0, 0), vec(30, 40)}, 5, 2, rules.Vec{X: 6, Y: 8}, math.Atan2(40, 30), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tw := NewTween(tc.points, tc.speed, -1)
			var pos rules.Vec
			var dir float64
			var done bool
			for i := 0; i < tc.steps; i++ {
				pos, dir, done = tw.Step()
			}
			if !near(pos.X, tc.wantPos.X) || !near(pos.Y, tc.wantPos.Y) || !near(dir, tc.wantDir) || done != tc.done {
				t.Errorf("after %d steps: have pos %v dir %.3f done %v, want pos %v dir %.3f done %v",
					tc.steps, pos, dir, done, tc.wantPos, tc.wantDir, tc.done)
			}
		})
	}
}

func TestTweenSinglePointIsDone(t *testing.T) {
	tw := NewTween([]rules.Vec{vec(5, 5)}, 3, 1.5)
	if !tw.Done() {
		t.Fatal("one-point tween should be done at once")
	}
	pos, dir, done := tw.Step()
	if pos != (rules.Vec{X: 5, Y: 5}) || dir != 1.5 || !done {
		t.Errorf("have %v %.2f %v, want {5 5} 1.50 true", pos, dir, done)
	}
}

func TestWorldSyncAndAnimate(t *testing.T) {
	s, err := rules.ParseASCII(`
		B..
		...
		..R`)
	if err != nil {
		t.Fatal(err)
	}
	w := NewWorld(s)
	if len(w.Units) != 2 || w.Unit(1).Pos != (rules.Vec{X: 16, Y: 16}) || w.Unit(2).Body.Side != rules.SideRed {
		t.Fatalf("bad initial sync: %+v %+v", *w.Unit(1), *w.Unit(2))
	}
	if w.Unit(0) != nil || w.Unit(3) != nil {
		t.Error("Unit out of range should be nil")
	}
	if _, err := rules.Apply(s, rules.Move{Unit: 1, To: rules.Point{X: 2, Y: 0}}, rules.NewRNG(1)); err != nil {
		t.Fatal(err)
	}
	u := w.Unit(1)
	u.Tween = NewTween([]rules.Vec{vec(16, 16), vec(48, 16), vec(80, 16)}, 8, u.Facing)
	w.Sync(s) // an animating unit keeps its tweened position
	if u.Pos != (rules.Vec{X: 16, Y: 16}) || u.Vitals.AP != 2 {
		t.Errorf("animating unit: have pos %v AP %d, want {16 16} AP 2", u.Pos, u.Vitals.AP)
	}
	for i := 0; i < 20 && w.Animating(); i++ {
		w.Step()
	}
	if w.Animating() || u.Pos != (rules.Vec{X: 80, Y: 16}) || !near(u.Facing, 0) {
		t.Errorf("after animation: have pos %v facing %.2f animating %v", u.Pos, u.Facing, w.Animating())
	}
}
