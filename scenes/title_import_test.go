package scenes

import (
	"fmt"
	"testing"
)

// TestTitleClearOfImport: on a desktop's page, 1280x720 and larger, the
// title's sight line and its circles keep clear of the page's Import
// button (wasm/index.html's #import: 10 page pixels from the top right
// corner, at most 100 wide and, with its one line of 15 px text, about
// 32 high; 44 allowed).
func TestTitleClearOfImport(t *testing.T) {
	for _, win := range [][2]float64{{1280, 720}, {1366, 768}, {1280, 800}, {1440, 900}, {1920, 1080}, {2560, 1080}} {
		t.Run(fmt.Sprintf("%.0fx%.0f", win[0], win[1]), func(t *testing.T) {
			env := testEnv(t)
			env.Window = win
			k := env.pageScale()
			title := NewTitle(env)
			offX, offY := (win[0]-ScreenWidth*k)/2, (win[1]-ScreenHeight*k)/2
			button := box{(win[0] - 10 - 100 - offX) / k, (10 - offY) / k, 100 / k, 44 / k}
			bx, by, rx, ry := title.sightMark()
			line := box{bx - markR - 2, min(by, ry) - markR - 2, rx - bx + 2*markR + 4, abs(by-ry) + 2*markR + 4}
			if line.overlap(button) > 0 {
				t.Errorf("the title's sight line %v runs under the page's Import button %v", line, button)
			}
		})
	}
}
