package match

import (
	"fmt"
	"io/fs"
	"math"
	"strings"
	"time"
)

// Bounds of a save's camera: beyond them it is not a place on any map.
const (
	maxCamera        = 1 << 20
	minZoom, maxZoom = 0.05, 20.0
	maxUnitID        = 1 << 16
	maxNameBytes     = 200
	hashDigits       = 64
	endTurnName      = "end_turn"
	levelFileExample = "maps/outpost.tmx"
	mapExt           = ".tmx"
)

// validate checks the values of a decoded replay, naming the first field
// out of range.
func (r *Replay) validate() error {
	if err := text("game", r.Game, maxNameBytes); err != nil {
		return err
	}
	if err := r.Level.validate(); err != nil {
		return err
	}
	for _, h := range []struct{ field, v string }{{"data", r.Data}, {"start", r.Start}, {"end", r.End}} {
		if err := hash(h.field, h.v); err != nil {
			return err
		}
	}
	for i, side := range r.Sides {
		if err := text(fmt.Sprintf("sides[%d]", i), side, maxNameBytes); err != nil {
			return err
		}
	}
	if r.Commands == nil {
		return fmt.Errorf("commands: missing (a battle of no commands has [])")
	}
	if r.Turns == nil {
		return fmt.Errorf("turns: missing (a battle of no turns has [])")
	}
	ends := 0
	for i, c := range r.Commands {
		if c.Do == "" {
			return fmt.Errorf("commands[%d].do: missing: which command it is", i)
		}
		if c.Do == endTurnName {
			ends++
		}
	}
	if ends != len(r.Turns) {
		return fmt.Errorf("turns: %d recorded, but the commands end %d", len(r.Turns), ends)
	}
	for i, h := range r.Turns {
		if err := hash(fmt.Sprintf("turns[%d]", i), h); err != nil {
			return err
		}
	}
	if r.Saved != "" {
		if _, err := time.Parse(time.RFC3339, r.Saved); err != nil {
			return fmt.Errorf("saved: \"%s\" is not a time (RFC 3339, such as 2026-11-28T15:04:05Z)", SafeText(clipText(r.Saved)))
		}
	}
	if v := r.View; v != nil {
		return v.validate()
	}
	return nil
}

// validate checks a level reference: a name, a map's path inside a level
// folder, and the digests of its files.
func (l *LevelRef) validate() error {
	if err := text("level.name", l.Name, maxNameBytes); err != nil {
		return err
	}
	if l.File == "" {
		return fmt.Errorf("level.file: empty: want the map's path inside the level folder, such as %s", levelFileExample)
	}
	if !fs.ValidPath(l.File) || !strings.HasSuffix(l.File, mapExt) || SafeText(l.File) != l.File {
		return fmt.Errorf("level.file: \"%s\" is not a map's path inside the level folder (such as %s)", SafeText(clipText(l.File)), levelFileExample)
	}
	if l.Path != "" && (!strings.HasSuffix(l.Path, mapExt) || strings.ContainsRune(l.Path, 0)) {
		return fmt.Errorf("level.path: \"%s\" is not the path of a map (a .tmx file)", SafeText(clipText(l.Path)))
	}
	if len(l.Sources) == 0 {
		return fmt.Errorf("level.sources: missing: the files the level was loaded from")
	}
	for i, s := range l.Sources {
		if !fs.ValidPath(s.Path) || SafeText(s.Path) != s.Path {
			return fmt.Errorf("level.sources[%d].path: \"%s\" is not a path inside the level folder", i, SafeText(clipText(s.Path)))
		}
		if err := hash(fmt.Sprintf("level.sources[%d].sha256", i), s.SHA256); err != nil {
			return err
		}
	}
	return nil
}

// validate checks a save's camera and selection.
func (v *SavedView) validate() error {
	for _, c := range []struct {
		field string
		v     float64
	}{{"X", v.X}, {"Y", v.Y}} {
		if math.IsNaN(c.v) || math.Abs(c.v) > maxCamera {
			return fmt.Errorf("view.%s: %g is not on any map (from %d to %d)", c.field, c.v, -maxCamera, maxCamera)
		}
	}
	if math.IsNaN(v.Zoom) || v.Zoom < minZoom || v.Zoom > maxZoom {
		return fmt.Errorf("view.Zoom: %g is not a zoom (from %g to %g)", v.Zoom, minZoom, maxZoom)
	}
	if v.Selected < 0 || v.Selected > maxUnitID {
		return fmt.Errorf("view.Selected: %d is not a unit (0 for none)", v.Selected)
	}
	return nil
}

// text checks a name: given, short, and printable as it is.
func text(field, s string, limit int) error {
	switch {
	case s == "":
		return fmt.Errorf("%s: missing", field)
	case len(s) > limit:
		return fmt.Errorf("%s: %d bytes, more than the %d a name may have", field, len(s), limit)
	case SafeText(s) != s:
		return fmt.Errorf("%s: \"%s\" holds control characters", field, SafeText(clipText(s)))
	}
	return nil
}

// hash checks a SHA-256 digest written in lower-case hex.
func hash(field, h string) error {
	ok := len(h) == hashDigits
	for i := 0; ok && i < len(h); i++ {
		ok = '0' <= h[i] && h[i] <= '9' || 'a' <= h[i] && h[i] <= 'f'
	}
	if !ok {
		return fmt.Errorf("%s: \"%s\" is not a SHA-256 digest (%d hex digits)", field, SafeText(clipText(h)), hashDigits)
	}
	return nil
}
