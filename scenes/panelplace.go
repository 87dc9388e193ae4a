package scenes

// box is a screen rectangle.
type box struct{ x, y, w, h float64 }

// overlap returns the area two boxes share.
func (a box) overlap(b box) float64 {
	w := min(a.x+a.w, b.x+b.w) - max(a.x, b.x)
	h := min(a.y+a.h, b.y+b.h) - max(a.y, b.y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// grow returns the box with d more on every side.
func (a box) grow(d float64) box { return box{a.x - d, a.y - d, a.w + 2*d, a.h + 2*d} }

// panelRoom says where a targeting panel may go and what it must keep
// clear of, in screen pixels.
type panelRoom struct {
	sw     float64 // screen width
	top    float64 // the lowest top edge (under the HUD's top bar)
	left   float64 // the bottom edge allowed on the left (above the unit cards)
	right  float64 // the bottom edge allowed on the right (above Undo)
	middle float64 // the bottom edge allowed in the middle (above the bar's hint)
	units  []box   // the shooter and the target, with their chance tag
	log    box     // the combat log as drawn (zero: not shown)
}

// placePanel returns where a w×h targeting panel goes: top left, top
// right or top middle, the first that covers neither the shooter nor the
// target nor another panel; on the right it sits under the combat log
// when there is room, else hideLog asks for the log to make way. When
// every place covers something, the one covering the least of the units
// wins.
func placePanel(r panelRoom, w, h float64) (x, y float64, hideLog bool) {
	const margin = 16
	type spot struct {
		b       box
		bottom  float64
		hideLog bool
	}
	rx := r.sw - margin - w
	spots := []spot{{box{margin, r.top, w, h}, r.left, false}}
	if r.log.w > 0 {
		below := r.log.y + r.log.h + 8
		spots = append(spots, spot{box{rx, below, w, h}, r.right, false})
	}
	spots = append(spots,
		spot{box{rx, r.top, w, h}, r.right, r.log.w > 0},
		spot{box{(r.sw - w) / 2, r.top, w, h}, r.middle, false})
	best, bestCost := 0, -1.0
	for i, s := range spots {
		cost := 0.0
		for _, u := range r.units {
			cost += 1000 * s.b.overlap(u) // covering a unit is worst
		}
		if over := s.b.y + s.b.h - s.bottom; over > 0 {
			cost += over * s.b.w // running into the panels below
		}
		if !s.hideLog {
			cost += s.b.overlap(r.log)
		}
		if cost == 0 {
			return s.b.x, s.b.y, s.hideLog
		}
		if bestCost < 0 || cost < bestCost {
			best, bestCost = i, cost
		}
	}
	s := spots[best]
	return s.b.x, s.b.y, s.hideLog
}
