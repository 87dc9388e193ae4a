package scenes

import (
	"fmt"
	"image/color"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/levels"
	"sightline/systems"
)

// reloadEvery is how many seconds pass between looks at a hot-reloaded
// level's files by default: a save shows within a second, however slow
// the frames.
const reloadEvery = 0.25

// Reload makes a battle follow its level's files on disk, for the level
// designer's loop (`sightline -level`): when a file the level was loaded
// from changes, the battle starts again on the new map with the same
// players and camera; when the new map does not load, the battle on
// screen goes on under a panel with the loader's error until a good save.
// Campaign and level-select battles have none.
type Reload struct {
	// Files are the files the level was loaded from
	// (levels.OpenFileWatch).
	Files *levels.Watch
	// Every is how many seconds pass between looks at the files (0: a
	// quarter of a second).
	Every float64
}

// reloader is a battle's hot reload: the files, the time since the
// last look, and the last failed load's message ("" after a good one)
// with its lines as the panel wraps them.
type reloader struct {
	files *levels.Watch
	every float64 // seconds between looks
	since float64 // seconds since the last look
	err   string
	lines []string
	// top is the first line the panel shows: it scrolls (the wheel over
	// it) when the lines are more than reloadMaxLines.
	top int
	// changed is the file whose save set off the last reload (a slash
	// path in the level folder), for the toast.
	changed string
}

// newReloader returns the battle's reloader for r (nil: none).
func newReloader(r *Reload) *reloader {
	if r == nil || r.Files == nil {
		return nil
	}
	every := r.Every
	if every <= 0 {
		every = reloadEvery
	}
	return &reloader{files: r.Files, every: every}
}

// poll looks at the level's files every few ticks and, when one
// changed, loads the map again: a good load returns the new level (the
// battle starts again on it); a failed one returns nil, clears hud's
// toast and keeps the error, which draw shows. It never runs during a
// fade, nor on a nil reloader.
func (r *reloader) poll(m *Manager, hud *systems.HUD, fonts *systems.Fonts) *levels.Level {
	if r == nil || m.Transitioning() {
		return nil
	}
	if r.since += m.Dt(); r.since < r.every {
		return nil
	}
	r.since = 0
	file, changed := r.files.Changed()
	if !changed {
		return nil
	}
	r.changed = file
	lv, files, err := levels.OpenFileWatch(r.files.Path)
	if files != nil {
		r.files = files
	}
	if err != nil {
		r.err = err.Error()
		hud.ClearToast() // a "Reloaded" from the last good save is stale now
		// The lines are made anew, not appended to the last error's: the
		// message is bounded (levels clips it), and so is their memory.
		r.lines, r.top = nil, 0
		for _, para := range strings.Split(r.err, "\n") { // one per error the load found
			r.lines = append(r.lines, systems.WrapText(fonts, para, reloadTextSize, reloadPanelW-2*reloadPanelPadX)...)
		}
		return nil
	}
	return lv
}

// scroll scrolls the error panel by the wheel turned over it, and
// returns in without those turns, so the camera does not zoom under the
// panel. Without an error shown it returns in as it is.
func (r *reloader) scroll(in []systems.Intent) []systems.Intent {
	if r == nil || r.err == "" || len(r.lines) <= reloadMaxLines {
		return in
	}
	out := in[:0:0]
	for _, it := range in {
		_, h := r.panelSize()
		over := it.X >= reloadPanelX && it.X < reloadPanelX+reloadPanelW && it.Y >= reloadPanelY && it.Y < reloadPanelY+h
		if it.Kind != systems.IntentZoom || !over {
			out = append(out, it)
			continue
		}
		steps := 1
		if it.DY > 0 {
			steps = -1
		}
		r.top = min(max(r.top+steps*3, 0), len(r.lines)-reloadMaxLines)
	}
	return out
}

// panelSize returns the error panel's width and height.
func (r *reloader) panelSize() (w, h float64) {
	return reloadPanelW, 84 + reloadLineH*float64(min(len(r.lines), reloadMaxLines))
}

// reloaded returns a fresh battle on lv with this one's players, computer
// profile, hot reload and camera, toasting the map reloaded and the file
// whose save set it off (a template, a tileset), when not the map. It opens on
// the board, without the briefing card the designer has already read.
func (b *Battle) reloaded(lv *levels.Level, r *reloader) *Battle {
	setup := SetupFromLevel(lv)
	setup.Players, setup.Profile = b.players, b.turns.profile.Name
	setup.Reload = &Reload{Files: r.files, Every: r.every}
	nb := NewBattle(b.env, setup)
	nb.opening = nil
	nb.cam.X, nb.cam.Y = b.cam.X, b.cam.Y
	nb.cam.Zoom = min(max(b.cam.Zoom, nb.cam.MinZoom), nb.cam.MaxZoom)
	nb.cam.Clamp()
	msg := "Reloaded " + lv.File
	if r.changed != "" && r.changed != lv.File {
		msg += " (" + r.changed + " changed)"
	}
	nb.hud.Toast(msg)
	return nb
}

// Reload error panel colours: a deep red box with a bright red edge.
var (
	reloadPanelFill = color.RGBA{0x4c, 0x0d, 0x12, 0xf2}
	reloadPanelEdge = color.RGBA{0xf8, 0x71, 0x71, 0xff}
)

// Reload error panel layout, in screen pixels.
const (
	reloadPanelW    = 930.0 // from reloadPanelX, clear of the combat log at the top right
	reloadPanelX    = 16.0
	reloadPanelY    = float64(systems.ToastBottom) + 10 // under the top bar, the objective and the toast
	reloadTextSize  = 17.0
	reloadLineH     = 24.0
	reloadMaxLines  = 12
	reloadPanelPadX = 24.0
)

// draw draws the last failed load's error in a red panel over the top
// of the screen, while there is one, with f and p.
func (r *reloader) draw(dst *ebiten.Image, f *systems.Fonts, p *systems.Painter) {
	if r == nil || r.err == "" {
		return
	}
	p.FlushText(dst, f) // text queued under the panel goes under it
	lines := r.lines
	if len(lines) > reloadMaxLines {
		lines = lines[r.top : r.top+reloadMaxLines]
	}
	_, h := r.panelSize()
	x := reloadPanelX
	p.RoundRect(dst, x, reloadPanelY, reloadPanelW, h, 10, 0, reloadPanelFill)
	p.RoundRect(dst, x, reloadPanelY, reloadPanelW, h, 10, 2, reloadPanelEdge)
	f.Draw(dst, "THE MAP DOES NOT LOAD", 20, true, x+reloadPanelPadX, reloadPanelY+14, reloadPanelEdge, systems.AlignLeft)
	for i, line := range lines {
		f.Draw(dst, line, reloadTextSize, false, x+reloadPanelPadX, reloadPanelY+48+reloadLineH*float64(i), systems.ColorText, systems.AlignLeft)
	}
	foot := "The battle shown is the last good load. Save a fix and it reloads."
	if n := len(r.lines); n > reloadMaxLines {
		foot = fmt.Sprintf("Lines %d-%d of %d: the wheel over this panel scrolls. ", r.top+1, r.top+reloadMaxLines, n) + foot
	}
	f.Draw(dst, foot, 14, false, x+reloadPanelPadX, reloadPanelY+h-28, systems.ColorTextDim, systems.AlignLeft)
}

// ReloadError returns the error of the last failed hot reload, shown over
// the battle, or "" when the level loaded (or the battle has no reload).
func (b *Battle) ReloadError() string {
	if b.reload == nil {
		return ""
	}
	return b.reload.err
}
