package systems

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// drawZones draws the zones of s (each unit's overwatch or covering fire)
// alone on a black frame at zoom 1 with theme th.
func drawZones(t *testing.T, s *rules.State, th Theme) *image.RGBA {
	t.Helper()
	var z ZoneOverlay
	z.Update(s, [2]int{1, 1})
	return drawWhole(s.Board, func(dst *ebiten.Image, v *View) {
		v.Theme = th
		z.DrawOverlay(dst, v)
	})
}

// warmth sums red minus blue over the pixels of the tiles of zn: above
// zero for a reddish zone, below for a bluish one.
func warmth(img *image.RGBA, b *rules.Board, zn Zone) int {
	sum := 0
	for _, p := range zn.Tiles {
		for y := p.Y * b.TileSize; y < (p.Y+1)*b.TileSize; y++ {
			for x := p.X * b.TileSize; x < (p.X+1)*b.TileSize; x++ {
				c := img.RGBAAt(x, y)
				sum += int(c.R) - int(c.B)
			}
		}
	}
	return sum
}

// TestZoneSideColour: a zone is drawn in its holder's side colour, Red's
// reddish and Blue's bluish, in the standard and the colour-blind theme,
// whatever its kind; overwatch and covering fire of one side still draw
// different pictures. ZONE_PNG=dir writes the frames to look at.
func TestZoneSideColour(t *testing.T) {
	m := `
		..........
		..R.......
		..........
		..........
		.......B..`
	for _, th := range []struct {
		name  string
		theme Theme
	}{{"standard", Theme{}}, {"colour-blind", ColorBlindTheme()}} {
		var frames [2]*image.RGBA
		for k, covering := range []bool{false, true} {
			s := troopers(t, m)
			for _, u := range s.Units {
				dir := rules.East
				if u.Side == rules.SideBlue {
					dir = rules.West
				}
				if covering {
					u.Status.Covering, u.Status.CoverDir = true, dir
				} else {
					u.Status.Overwatch, u.Status.WatchDir = true, dir
				}
			}
			img := drawZones(t, s, th.theme)
			frames[k] = img
			var z ZoneOverlay
			z.Update(s, [2]int{1, 1})
			if len(z.Zones) != 2 {
				t.Fatalf("%s: zones %+v, want one per side", th.name, z.Zones)
			}
			for _, zn := range z.Zones {
				// Tiles in both cones would mix the colours: keep
				// each zone's own.
				var own Zone
				other := z.Zones[0]
				if other.Unit == zn.Unit {
					other = z.Zones[1]
				}
				for _, p := range zn.Tiles {
					if !slices.Contains(other.Tiles, p) {
						own.Tiles = append(own.Tiles, p)
					}
				}
				if len(own.Tiles) == 0 {
					t.Fatalf("%s: unit %d's zone has no tile of its own", th.name, zn.Unit)
				}
				w := warmth(img, s.Board, own)
				if red := zn.Side == rules.SideRed; red != (w > 0) {
					t.Errorf("%s, covering %v: %v's zone has warmth %d (red minus blue), want %s", th.name, covering, zn.Side, w, map[bool]string{true: "above 0", false: "below 0"}[red])
				}
			}
			if dir := os.Getenv("ZONE_PNG"); dir != "" {
				var buf bytes.Buffer
				if err := png.Encode(&buf, img); err != nil {
					t.Fatal(err)
				}
				name := th.name + map[bool]string{false: "-overwatch.png", true: "-covering.png"}[covering]
				if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		if bytes.Equal(frames[0].Pix, frames[1].Pix) {
			t.Errorf("%s: overwatch and covering fire draw the same picture", th.name)
		}
	}
}
