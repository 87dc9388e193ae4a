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
	area  box   // the map's part of the screen, what the HUD's bars leave
	units []box // the shooter's and the target's spaces
	near  []box // around them: their halo and the target's chance tag
	keep  []box // furniture floating over the map (the objective, the cone's key)
}

// placeMargin is the room a panel keeps from the area's edges and from
// what it keeps clear of.
const placeMargin = 8.0

// placePanel returns where a w×h targeting panel goes inside the area:
// in a corner, the middle of an edge, or beside the shooter or the
// target, the first (top rows first, then left to right) that covers
// neither of them, what is near them, nor the floating furniture. When
// every place covers something, the one covering the least wins, the
// units themselves weighing most.
func placePanel(r panelRoom, w, h float64) (x, y float64) {
	x, y, _ = placePanelCost(r, w, h)
	return x, y
}

// panelScales are the sizes a targeting panel may shrink to, largest
// first, when it finds no clear place (fitPanel).
var panelScales = []float64{1, 0.9, 0.8, 0.7}

// fitPanel returns where a w×h targeting panel goes and the scale it is
// drawn at: its full size where that finds a clear place (placePanel),
// else the largest of panelScales that does, else the one covering the
// least.
func fitPanel(r panelRoom, w, h float64) (x, y, k float64) {
	bestCost := -1.0
	for _, s := range panelScales {
		if w*s > r.area.w-2*placeMargin || h*s > r.area.h-2*placeMargin {
			continue // too big for the room
		}
		px, py, cost := placePanelCost(r, w*s, h*s)
		if cost == 0 {
			return px, py, s
		}
		if bestCost < 0 || cost < bestCost {
			x, y, k, bestCost = px, py, s, cost
		}
	}
	if bestCost < 0 { // too big at every size: the smallest, in the corner
		k = panelScales[len(panelScales)-1]
		x, y, _ = placePanelCost(r, w*k, h*k)
	}
	return x, y, k
}

// placePanelCost is placePanel, with what the place covers (0: nothing).
func placePanelCost(r panelRoom, w, h float64) (x, y, cost float64) {
	a, m := r.area, placeMargin
	clampX := func(x float64) float64 { return max(a.x+m, min(x, a.x+a.w-m-w)) }
	clampY := func(y float64) float64 { return max(a.y+m, min(y, a.y+a.h-m-h)) }
	xs := []float64{a.x + m, a.x + (a.w-w)/2, a.x + a.w - m - w}
	ys := []float64{a.y + m, a.y + a.h - m - h}
	for _, u := range append(append([]box{}, r.units...), r.near...) {
		xs = append(xs, u.x+u.w+m, u.x-m-w)
		ys = append(ys, u.y+u.h+m, u.y-m-h)
	}
	bestX, bestY, bestCost := clampX(xs[0]), clampY(ys[0]), -1.0
	for _, py := range ys {
		for _, px := range xs {
			b := box{clampX(px), clampY(py), w, h}
			cost := 0.0
			for _, u := range r.units {
				cost += 1000 * b.overlap(u) // covering a unit is worst
			}
			for _, u := range r.near {
				cost += 10 * b.overlap(u)
			}
			for _, k := range r.keep {
				cost += b.overlap(k.grow(m))
			}
			if cost == 0 {
				return b.x, b.y, 0
			}
			if bestCost < 0 || cost < bestCost {
				bestX, bestY, bestCost = b.x, b.y, cost
			}
		}
	}
	return bestX, bestY, bestCost
}
