package scenes

import (
	"math"

	"sightline/entities"
	"sightline/rules"
	"sightline/systems"
)

// A phone's page shows the 1280×720 screen shrunk to about half its size
// (Env.Window): the title and the level select then lay their controls
// out larger, so each is at least minTap page pixels high, the height a
// fingertip needs, and their text grows with them.

// minTap is the smallest a control a finger taps may be on the page, in
// page (CSS) pixels, with a margin over the 44 the platforms advise.
const minTap = 46

// pageScale returns the page pixels one of the screen's pixels takes in
// the window (Window), 1 while the window's size is unknown.
func (e *Env) pageScale() float64 {
	w, h := e.Window[0], e.Window[1]
	if w <= 0 || h <= 0 {
		return 1
	}
	return min(w/ScreenWidth, h/ScreenHeight)
}

// small reports whether the window shows the screen so shrunk that text
// at its desktop size is hard to read and its controls hard to tap (a
// phone's page, sideways, shows it at about 0.54).
func (e *Env) small() bool { return e.pageScale() < smallWindow }

// maxTapH is the tallest tapH makes a control, in the screen's pixels:
// as tall as the title's and the level select's layouts have room for.
// A page shrinking the screen further (a phone held upright, which the
// page asks to turn) gets controls under minTap.
const maxTapH = 92.0

// tapH returns the height, in the screen's pixels, a control needs to be
// at least minTap page pixels high, at least least and at most maxTapH.
func (e *Env) tapH(least float64) float64 {
	return min(max(least, math.Ceil(minTap/e.pageScale())), maxTapH)
}

// notePointer follows which pointer was used last (Finger): a tap, or
// the mouse (a hover, click or drag not marked Touch). It returns Finger.
func (e *Env) notePointer(in []systems.Intent) bool {
	for _, it := range in {
		switch it.Kind {
		case systems.IntentHover, systems.IntentClick, systems.IntentDrag:
			e.Finger = it.Touch
		}
	}
	return e.Finger
}

// Target is a control a finger may tap: what kind it is ("item" of a
// menu, "level" row, "difficulty", "button"), its name as the player
// reads it and its rectangle in the screen's pixels. The browser build
// publishes a scene's targets, so its tests tap a control by its name
// rather than where a layout once drew it.
type Target struct {
	Kind, Name string
	X, Y, W, H float64
}

// Targeted is a scene that lists the controls a finger may tap on it.
type Targeted interface {
	// Targets returns the controls as the scene last laid them out.
	Targets() []Target
}

// buttonTarget returns button b as a target of kind, named name.
func buttonTarget(kind, name string, b systems.Button) Target {
	return Target{Kind: kind, Name: name, X: b.X, Y: b.Y, W: b.W, H: b.H}
}

// Targets returns the title's menu items, named by their labels, and its
// Help button when shown.
func (t *Title) Targets() []Target {
	t.fit()
	var out []Target
	for i, b := range t.menu.Buttons(t.w, t.h) {
		out = append(out, buttonTarget("item", t.menu.Items[i].Label, b))
	}
	if t.helpShown() {
		out = append(out, buttonTarget("button", "Help", t.helpButton()))
	}
	return out
}

// upright reports whether the window is a small one held upright (a
// phone's page, taller than wide): the screen is shown at about a third
// of its size, and the title lays out fewer, larger words.
func (e *Env) upright() bool { return e.small() && e.Window[1] > e.Window[0] }

// The title's menu on a phone held upright: three columns of items as
// tall as a finger needs at that scale (up to uprightMaxH), short labels
// and no notes, under a smaller name with no tagline.
const (
	uprightCols  = 3
	uprightItemW = 400.0
	uprightGap   = 8.0
	uprightMaxH  = 152.0 // four rows and the name fit the screen
	uprightLabel = 36.0
	uprightName  = 60.0
	uprightNameY = 30.0
)

// fitUpright lays the title's menu out for a phone held upright.
func (t *Title) fitUpright() {
	m := &t.menu
	h := min(math.Ceil(minTap/t.env.pageScale()), uprightMaxH)
	rows := (len(m.Items) + uprightCols) / uprightCols // the items and Help
	m.ItemH, m.Gap, m.ItemW, m.Columns, m.TextSize, m.NoteSize = h, uprightGap, uprightItemW, uprightCols, uprightLabel, 0
	m.Top = ScreenHeight - uprightGap - float64(rows)*(h+uprightGap) + uprightGap
	m.Compact = true
}

// uprightW is the width of the screen held upright (Screen), in its own
// pixels: on a page 390 wide, one of them takes 0.54 page pixels, as on
// a phone held sideways.
const uprightW = 720.0

// uprightScreen reports whether the battle is laid out upright: the
// screen follows the page (Portrait) and the page is a phone's held
// upright.
func (e *Env) uprightScreen() bool { return e.Portrait && e.upright() }

// Screen returns the size of the screen the battle is drawn on: 1280×720,
// or held upright (uprightScreen) uprightW wide and as tall as the page's
// shape makes it, at least 1280.
func (e *Env) Screen() (w, h float64) {
	if !e.uprightScreen() {
		return ScreenWidth, ScreenHeight
	}
	return uprightW, max(math.Round(uprightW*e.Window[1]/e.Window[0]), ScreenWidth)
}

// screenScale returns the page pixels one of Screen's pixels takes (1
// while the window's size is unknown): pageScale, or held upright the
// upright screen's.
func (e *Env) screenScale() float64 {
	if !e.uprightScreen() {
		return e.pageScale()
	}
	w, h := e.Screen()
	return min(e.Window[0]/w, e.Window[1]/h)
}

// phoneTile is the smallest a tile is drawn when a battle opens on a
// phone, in page pixels: a soldier on it is a token a finger can tap,
// not a dot. The whole map, fitted, would draw a 24-tile map's tiles
// some 8 page pixels wide.
const phoneTile = 32.0

// openOnSquad frames the battle's opening view on a phone (a small page
// with a finger for its pointer; Env.Finger): camera c, fitted to the
// map, zooms in by whole steps of its ladder (Camera.ZoomBy, so pinching
// back out to the whole map takes even steps) until a tile is at least
// phoneTile page pixels, stopping a step short of the closest zoom so a
// pinch can still zoom in, and centres on the player's squad (squadSide)
// in s. It reports whether it changed the view; elsewhere it leaves c
// as it is.
func (e *Env) openOnSquad(c *systems.Camera, s *rules.State, players [2]Player) bool {
	if !e.small() || !e.Finger || s.Board.TileSize <= 0 {
		return false
	}
	tile := float64(s.Board.TileSize) * e.screenScale() // page pixels a tile takes at zoom 1
	zoomed := false
	for c.Zoom*tile < phoneTile {
		before := c.Zoom
		c.ZoomBy(1, 0, 0)
		if c.Zoom >= c.MaxZoom*(1-1e-9) || c.Zoom <= before {
			c.ZoomBy(-1, 0, 0)
			break
		}
		zoomed = true
	}
	side := squadSide(s, players)
	var lo, hi rules.Vec
	n := 0
	for _, u := range s.Units {
		if !u.Alive() || u.Side != side {
			continue
		}
		p := entities.SpaceCenter(s.Board, u.Pos, u.Size)
		if n == 0 {
			lo, hi = p, p
		}
		lo = rules.Vec{X: min(lo.X, p.X), Y: min(lo.Y, p.Y)}
		hi = rules.Vec{X: max(hi.X, p.X), Y: max(hi.Y, p.Y)}
		n++
	}
	if n == 0 {
		return zoomed
	}
	c.CenterOn((lo.X+hi.X)/2, (lo.Y+hi.Y)/2)
	// A squad in a corner: the view stops at the map's edge rather than
	// the camera's margin past it, so the screen opens all map.
	stopAtMapEdge(c)
	return true
}

// stopAtMapEdge moves camera c so that, along each axis where the map is
// larger than the free screen, the free screen shows none of the
// camera's margin past the map's edge.
func stopAtMapEdge(c *systems.Camera) {
	fw, fh := (c.ViewW-c.InsetLeft-c.InsetRight)/c.Zoom, (c.ViewH-c.InsetTop-c.InsetBottom)/c.Zoom
	if fw < c.WorldW {
		c.X = min(max(c.X+c.InsetLeft/c.Zoom, 0), c.WorldW-fw) - c.InsetLeft/c.Zoom
	}
	if fh < c.WorldH {
		c.Y = min(max(c.Y+c.InsetTop/c.Zoom, 0), c.WorldH-fh) - c.InsetTop/c.Zoom
	}
}

// squadSide returns the side whose squad a battle opens on: the side to
// move when a player at this machine plays it, else the other side when
// one does, else (the computer against itself) the side to move.
func squadSide(s *rules.State, players [2]Player) rules.Side {
	if players[s.Side] != Human && players[s.Side.Other()] == Human {
		return s.Side.Other()
	}
	return s.Side
}
