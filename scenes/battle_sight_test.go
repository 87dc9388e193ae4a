package scenes

import (
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"sightline/rules"
	"sightline/systems"
)

// sightMap has a wall hiding one Red unit from Blue, a Red unit in the
// open, and low cover Blue can move behind.
const sightMap = `
........................
.B......................
........l.....#.........
..............#.....R...
..............#.........
........................
........................
....................R...
........................`

// saveFrame writes the harness's last frame to path for a human to look at.
func saveFrame(t *testing.T, h *harness, path string) {
	t.Helper()
	img := image.NewRGBA(h.screen.Bounds())
	h.screen.ReadPixels(img.Pix)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
	t.Logf("frame saved to %s", path)
}

func TestBattleSightAndFog(t *testing.T) {
	s, err := rules.ParseASCII(sightMap)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, testEnv(t), func(e *Env) Scene { return NewBattle(e, SetupFromState("Sight", s)) })
	h.settle()
	b := h.m.Current().(*Battle)
	h.step()

	// Fog: the Red unit behind the wall is not drawn, the one in the open is.
	shown := map[int]bool{}
	for _, u := range b.fog.Shown(b.world).Units {
		shown[u.ID] = true
	}
	if !shown[1] || shown[2] || !shown[3] {
		t.Fatalf("drawn units %v, want 1 and 3 (2 is behind the wall)", shown)
	}
	hid := s.Unit(2)
	hx, hy := b.ScreenOf(hid.Pos)
	h.step(hover(hx, hy))
	if b.hover.unit != 0 {
		t.Error("hovering the hidden enemy's tile reveals it")
	}

	// Select unit 1 and hover the tile behind the low cover: the preview
	// is the oracle's answer for that tile, without the hidden enemy.
	u := s.Unit(1)
	ux, uy := b.ScreenOf(u.Pos)
	h.step(hover(ux, uy), click(ux, uy))
	if b.Selected() != u {
		t.Fatalf("unit 1 not selected")
	}
	at := rules.Point{X: 7, Y: 2}
	ax, ay := b.ScreenOf(at)
	h.step(hover(ax, ay))
	p, ok := b.sight.view.Preview()
	if !ok {
		t.Fatal("no sight preview on a reachable tile")
	}
	want, err := systems.PreviewSight(s, 1, at, b.fog.Knows)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Lines) != len(want.Lines) || len(p.Lines) == 0 {
		t.Fatalf("preview has %d lines, the oracle %d", len(p.Lines), len(want.Lines))
	}
	for i := range p.Lines {
		if p.Lines[i].Enemy != want.Lines[i].Enemy || p.Lines[i].Shield != want.Lines[i].Shield {
			t.Errorf("line %d: %+v, want %+v", i, p.Lines[i], want.Lines[i])
		}
	}
	if _, ok := p.Line(2); ok {
		t.Error("the preview draws a line to the hidden enemy")
	}
	h.draw()
	saveFrame(t, h, filepath.Join(os.TempDir(), "sightline-battle-preview.png"))

	// Hovering the visible enemy shows its cover cone.
	e := s.Unit(3)
	ex, ey := b.ScreenOf(e.Pos)
	h.step(hover(ex, ey))
	ti, ok := b.sight.view.TargetInfo()
	if !ok || ti.Target != 3 {
		t.Fatalf("hovering enemy 3: cone %+v %v", ti, ok)
	}
	h.draw()
	saveFrame(t, h, filepath.Join(os.TempDir(), "sightline-battle-target.png"))

	// Moving recomputes the fog: from (15,1) unit 1 sees past the wall.
	n := b.fog.Computes
	to := rules.Point{X: 15, Y: 1}
	if !b.hover.reach.Reachable(to) {
		t.Skipf("%v out of reach", to)
	}
	tx, ty := b.ScreenOf(to)
	h.step(hover(tx, ty), click(tx, ty))
	h.settle()
	h.step()
	if b.fog.Computes == n {
		t.Fatal("the fog was not recomputed after a move")
	}
	if !b.fog.Knows(2) {
		t.Error("after moving past the wall the enemy behind it is still hidden")
	}
}
