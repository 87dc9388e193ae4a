package systems

import (
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/rules"
)

// Log panel sizes in screen pixels.
const (
	logPanelW    = 300.0
	logLineH     = 16.0
	logTextSize  = 12.0
	logTitleH    = 30.0
	logCollapsed = 34.0
)

// LogPanel draws the combat log on the right of the screen, newest line
// at the bottom, long lines wrapped: only the lines Side may read, or all
// of them with All (the fog off). L collapses it to its title bar.
type LogPanel struct {
	// Log is the log shown.
	Log *CombatLog
	// Shapes, when set, keeps the shapes it draws with other painters'
	// (Painter.Shapes; nil: its own).
	Shapes *ShapeStore
	// Side is the side reading the log (the side the fog shows the battle
	// to); All shows every line.
	Side rules.Side
	All  bool
	// Fonts draws text.
	Fonts *Fonts
	// Collapsed shows only the title bar.
	Collapsed bool
	// Touch is true while a finger is the pointer: the title bar says to
	// tap it, not to press L.
	Touch bool
	// X, Bottom and H place the panel: its top edge is at Bottom-H and it
	// grows with the log up to H; W is its width (0: 300). Place sets them.
	X, Bottom, H, W float64

	paint  Painter
	wrap   []LogLine
	starts []bool // whether each wrapped line begins an entry
	seen   int
	last   string
	reader [3]int // the Side, All and width the wrap was made for
}

// Place puts the panel's top-right corner at (right, bottom-h); it is at
// most h pixels tall and 300 wide.
func (lp *LogPanel) Place(right, bottom, h float64) {
	lp.X, lp.Bottom, lp.H, lp.W = right-logPanelW, bottom, h, logPanelW
}

// PlaceBox puts the panel in the w×h box whose top-left corner is (x, y):
// it is w wide and grows down from y, at most h tall.
func (lp *LogPanel) PlaceBox(x, y, w, h float64) {
	lp.X, lp.Bottom, lp.H, lp.W = x, y+h, h, w
}

// width returns the panel's width.
func (lp *LogPanel) width() float64 {
	if lp.W <= 0 {
		return logPanelW
	}
	return lp.W
}

// rect returns the panel's top edge and height as drawn now.
func (lp *LogPanel) rect() (y, h float64) {
	// Expanded, the panel grows with the log up to H, from its top edge.
	full := lp.H
	h = full
	if lp.Collapsed || full < logTitleH+16+logLineH {
		return lp.Bottom - full, min(logCollapsed, full)
	}
	h = min(full, logTitleH+16+float64(max(len(lp.wrap), 1))*logLineH)
	return lp.Bottom - full, h
}

// Bounds returns the panel's rectangle as drawn now.
func (lp *LogPanel) Bounds() (x, y, w, h float64) {
	y, h = lp.rect()
	return lp.X, y, lp.width(), h
}

// Toggle collapses or expands the panel.
func (lp *LogPanel) Toggle() { lp.Collapsed = !lp.Collapsed }

// Covers reports whether the screen point is on the panel.
func (lp *LogPanel) Covers(x, y float64) bool {
	top, h := lp.rect()
	return x >= lp.X && y >= top && x < lp.X+lp.width() && y < top+h
}

// logEmpty is what the log says before anything has happened.
const logEmpty = "Nothing has happened yet."

// newest is the line the panel squeezed to its title row shows: the
// newest its reader may read, or that nothing has happened yet.
func (lp *LogPanel) newest() LogLine {
	if lines := lp.Log.LinesFor(lp.Side, lp.All); len(lines) > 0 {
		return lines[len(lines)-1]
	}
	return LogLine{Text: logEmpty, Color: ColorTextDim}
}

// Draw draws the panel.
func (lp *LogPanel) Draw(dst *ebiten.Image) {
	p, f := &lp.paint, lp.Fonts
	p.Shapes = lp.Shapes
	logPanelW := lp.width()
	if !lp.Collapsed {
		lp.rewrap()
	}
	top, h := lp.rect()
	p.RoundRect(dst, lp.X, top, logPanelW, h, 10, 0, ColorPanel)
	p.RoundRect(dst, lp.X, top, logPanelW, h, 10, 1.5, ColorPanelEdge)
	if squeezed := !lp.Collapsed && h <= logCollapsed; squeezed {
		// No room for lines: the newest one stands in the title row.
		p.Text("LOG", 13, true, lp.X+14, top+10, ColorTextDim, AlignLeft)
		ln := lp.newest()
		p.Text(Elide(f, ln.Text, logTextSize, false, logPanelW-60), logTextSize, false, lp.X+50, top+11, ln.Color, AlignLeft)
		p.FlushText(dst, f)
		return
	}
	p.Text("COMBAT LOG", 13, true, lp.X+14, top+10, ColorTextDim, AlignLeft)
	hint := "L: hide"
	switch {
	case lp.Touch && lp.Collapsed:
		hint = "tap: show"
	case lp.Touch:
		hint = "tap: hide"
	case lp.Collapsed:
		hint = "L: show"
	}
	p.Text(hint, 12, false, lp.X+logPanelW-14, top+11, ColorTextDim, AlignRight)
	if !lp.Collapsed {
		lp.rewrap()
		p.Rect(dst, lp.X+10, top+logTitleH, logPanelW-20, 1, ColorPanelEdge)
		rows := int((h - logTitleH - 10) / logLineH)
		start := lp.firstShown(rows)
		y := top + logTitleH + 6
		if len(lp.wrap) == 0 {
			p.Text(logEmpty, logTextSize, false, lp.X+14, y, ColorTextDim, AlignLeft)
		}
		for _, ln := range lp.wrap[start:] {
			p.Text(ln.Text, logTextSize, false, lp.X+14, y, ln.Color, AlignLeft)
			y += logLineH
		}
	}
	p.FlushText(dst, f)
}

// firstShown returns the first wrapped line to show when rows fit: the
// newest whole entries, never the end of one cut off (unless the newest
// entry alone is taller than the panel).
func (lp *LogPanel) firstShown(rows int) int {
	start := max(0, len(lp.wrap)-rows)
	for s := start; s < len(lp.wrap); s++ {
		if lp.starts[s] {
			return s
		}
	}
	return start
}

// rewrap wraps the readable lines to the panel's width when the log
// changed (a new line, or damage folded into the last one) or the reader
// did.
func (lp *LogPanel) rewrap() {
	n := len(lp.Log.Lines)
	last := ""
	if n > 0 {
		last = lp.Log.Lines[n-1].Text
	}
	reader := [3]int{int(lp.Side), boolInt(lp.All), int(lp.width())}
	if n == lp.seen && last == lp.last && reader == lp.reader {
		return
	}
	lp.seen, lp.last, lp.reader = n, last, reader
	lp.wrap, lp.starts = lp.wrap[:0], lp.starts[:0]
	for _, ln := range lp.Log.LinesFor(lp.Side, lp.All) {
		for i, part := range WrapText(lp.Fonts, ln.Text, logTextSize, lp.width()-28) {
			if i > 0 {
				part = "   " + part
			}
			lp.wrap = append(lp.wrap, LogLine{Text: part, Color: ln.Color})
			lp.starts = append(lp.starts, i == 0)
		}
	}
}

// WrapText breaks s into lines no wider than w pixels at the given size,
// at spaces (a single word wider than w gets a line of its own).
func WrapText(f *Fonts, s string, size, w float64) []string { return Wrap(f, s, size, w, false) }

// Wrap is WrapText for text drawn bold or not: each line is measured in
// the weight it is drawn in.
func Wrap(f *Fonts, s string, size, w float64, bold bool) []string {
	words := strings.Fields(s)
	var out []string
	cur := ""
	for _, wd := range words {
		try := wd
		if cur != "" {
			try = cur + " " + wd
		}
		if cur != "" && f.Width(try, size, bold) > w {
			out = append(out, cur)
			cur = wd
			continue
		}
		cur = try
	}
	if cur != "" || len(out) == 0 {
		out = append(out, cur)
	}
	return out
}
