package scenes

import (
	"fmt"
	"testing"

	"sightline/rules"
	"sightline/systems"
)

// TestChanceTagClearOfTheTopBar: aiming at an enemy on the map's top row,
// framed against the top bar, the chance tag goes beside the target's
// tile (it once went over it and ran into the bar's "BLUE TO MOVE"), stays
// in the map's part of the screen and covers neither unit nor the panel.
func TestChanceTagClearOfTheTopBar(t *testing.T) {
	for _, zoom := range []float64{2, 0.8} { // the label under the tile: beside it, or as wide
		t.Run(fmt.Sprintf("zoom %.1f", zoom), func(t *testing.T) { chanceTagOnTopRow(t, zoom) })
	}
}

// chanceTagOnTopRow aims at an enemy on the top row at zoom and checks
// where the chance tag goes (TestChanceTagClearOfTheTopBar).
func chanceTagOnTopRow(t *testing.T, zoom float64) {
	h, b := rangeBattle(t, `
......R.....
............
......B.....
............
............
............
............
............
............
............
............
............
............
............
............
............`)
	h.settle()
	cam := b.Camera()
	red, blue := rules.Point{X: 6, Y: 0}, rules.Point{X: 6, Y: 2}
	// Frame the top row against the bar, as a large map's first look does.
	cam.Zoom = zoom
	c := b.State().Board.TileCenter(red)
	cam.CenterOn(c.X, c.Y)
	cam.Y = -cam.InsetTop / cam.Zoom
	h.step()
	bx, by := b.ScreenOf(blue)
	rx, ry := b.ScreenOf(red)
	sc := max(b.lay.scale, 1)
	half := cam.Zoom * float64(b.State().Board.TileSize) / 2 / sc
	_, ay, _, _ := b.hud.MapBox()
	if _, ty := b.lay.point(rx, ry); ty-1.1*half-52 >= ay {
		t.Fatalf("the target's tile is at y %.0f, leaving room for the tag over it under the bar at %.0f: the test frames nothing", ty, ay)
	}
	h.step(hover(bx, by), click(bx, by))
	h.step(systems.KeyIntent('2'))
	h.step(hover(rx, ry))
	h.step(hover(rx, ry))
	if b.ui.target == nil || b.ui.target.Err != nil {
		t.Fatal("no hit chance shown for the enemy on the top row")
	}
	h.draw()
	tag := b.ui.tagBox
	ax, ay, aw, ah := b.hud.MapBox()
	if tag.overlap(box{ax, ay, aw, ah}) < tag.w*tag.h-0.5 {
		t.Errorf("the chance tag %v leaves the map's part of the screen %v", tag, box{ax, ay, aw, ah})
	}
	pill, _ := b.hud.TopBarBoxes()
	if tag.overlap(box{pill[0], pill[1], pill[2], pill[3]}) > 0 {
		t.Errorf("the chance tag %v overlaps the side to move %v", tag, pill)
	}
	tr := b.ui.targetRect
	if tag.overlap(box{tr[0], tr[1], tr[2], tr[3]}) > 0 {
		t.Errorf("the chance tag %v overlaps the hit panel %v", tag, tr)
	}
	// The cover label under the target (systems' sight view), at its widest.
	tx, ty := b.lay.point(rx, ry)
	if lb := (box{tx - maxCoverLabel/2/sc, ty + 1.24*half, maxCoverLabel / sc, 40}); tag.overlap(lb) > 0 {
		t.Errorf("the chance tag %v covers the cover label's room %v", tag, lb)
	}
	for name, at := range map[string][2]float64{"target": {rx, ry}, "shooter": {bx, by}} {
		x, y := b.lay.point(at[0], at[1])
		if tile := (box{x - half, y - half, 2 * half, 2 * half}); tag.overlap(tile) > 0 {
			t.Errorf("the chance tag %v covers the %s's tile %v", tag, name, tile)
		}
	}
	screenshot(t, h, fmt.Sprintf("chance-tag-top-row-%.1f.png", zoom))
}
