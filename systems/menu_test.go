package systems

import (
	"image/color"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// A menu's card with no items (the one shown while a save is resumed) is
// as tall as its words: under its last line of text there is about the
// room there is over its title, not the room the items would have taken.
// Each card is drawn over black and read: the card's rows, then the rows
// with ink on the card's ground.
func TestMenuCardFitsItsWords(t *testing.T) {
	fonts, err := NewFonts()
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 720, 1280
	for _, tt := range []struct {
		name string
		menu Menu
	}{
		{"one line", Menu{Title: "Resuming Glasshouse", Text: "re-playing its commands: 13 of 94"}},
		{"two lines", Menu{Title: "Resuming Glasshouse", Text: "re-playing its commands:\n13 of 94"}},
		{"grown, upright", Menu{Title: "Resuming Glasshouse", Text: "re-playing its commands: 13 of 94", Big: 1.6, ItemW: 560}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dst := ebiten.NewImage(w, h)
			dst.Fill(color.Black)
			tt.menu.Draw(dst, &Painter{}, fonts)
			bg := dst.At(0, 0)
			top, bottom := -1, -1
			for y := 0; y < h; y++ {
				if dst.At(w/2, y) != bg {
					if top < 0 {
						top = y
					}
					bottom = y
				}
			}
			left := 0
			for left < w/2 && dst.At(left, (top+bottom)/2) == bg {
				left++
			}
			if top < 0 || left >= w/2 {
				t.Fatal("no card drawn")
			}
			ground := dst.At(left+8, (top+bottom)/2)
			inkTop, inkBottom := -1, -1
			for y := top + 4; y <= bottom-4; y++ {
				for x := left + 8; x < w-left-8; x++ {
					if dst.At(x, y) != ground {
						if inkTop < 0 {
							inkTop = y
						}
						inkBottom = y
						break
					}
				}
			}
			if inkTop < 0 {
				t.Fatal("no words on the card")
			}
			above, below := inkTop-top, bottom-inkBottom
			if below > above*3/2 || below < above/2 {
				t.Errorf("card rows %d-%d, words %d-%d: %d px over the title, %d under the text; want about the same",
					top, bottom, inkTop, inkBottom, above, below)
			}
		})
	}
}
