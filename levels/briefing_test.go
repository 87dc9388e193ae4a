package levels_test

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"sightline/levels"
	"sightline/rules"
)

// briefingClaims are what the shipped briefings say about the cover on
// their maps, checked against the map and the rules: says is the words
// of the briefing making the claim; covers are kinds of cover (parts of
// obstacles' names) a soldier can Take Cover against there; hides are
// kinds that only hide (Take Cover is refused at them); exist are kinds
// the briefing names that must be on the map.
var briefingClaims = []struct {
	file          string
	says          string
	covers, hides []string
	exist         []string
}{
	{file: "maps/crossroads.tmx", says: "along walls, sandbags and crates",
		covers: []string{"wall", "sandbags", "crate"}},
	{file: "maps/glasshouse.tmx", says: "smoke and foliage hide a soldier but stop nothing",
		hides: []string{"smoke", "hedge", "oak"}},
	{file: "maps/glasshouse.tmx", says: "Behind an arrow slit",
		covers: []string{"arrow slit"}, exist: []string{"glass pane", "radio"}},
	{file: "maps/outpost.tmx", says: "a farmhouse with a glass window, a bunker behind arrow slits",
		exist: []string{"farmhouse window", "bunker slit wall"}},
	{file: "maps/bridge.tmx", says: "Pin the sandbag nests",
		covers: []string{"nest"}},
	{file: "maps/corners.tmx", says: "At a wall corner",
		covers: []string{"brick wall", "concrete wall"}},
	{file: "maps/rooftops.tmx", says: "a parapet shields you from below",
		covers: []string{"parapet"}},
}

// Every claim a briefing makes about the cover on its map holds: the
// kinds it names are on the map, and the rules let a soldier take cover
// at those it says cover and refuse it at those it says only hide.
func TestBriefingClaims(t *testing.T) {
	loaded := map[string]*levels.Level{}
	for _, c := range briefingClaims {
		lv := loaded[c.file]
		if lv == nil {
			var err error
			if lv, err = levels.Load(levels.Embedded(), c.file); err != nil {
				t.Fatal(err)
			}
			loaded[c.file] = lv
		}
		if !strings.Contains(lv.Briefing, c.says) {
			t.Errorf("%s: the briefing no longer says %q: check its claims again and update this table", c.file, c.says)
			continue
		}
		for _, kind := range c.exist {
			if !onMap(lv, kind) {
				t.Errorf("%s: the briefing names %q, but no such thing is on the map", c.file, kind)
			}
		}
		for _, kind := range c.covers {
			if ok, why := takeCoverAt(lv.State, kind); !ok {
				t.Errorf("%s: the briefing says %q (%s), but Take Cover fails there: %s", c.file, c.says, kind, why)
			}
		}
		for _, kind := range c.hides {
			if ok, why := takeCoverAt(lv.State, kind); ok || !strings.Contains(why, "only hides") {
				t.Errorf("%s: the briefing says %q (%s) only hides, but Take Cover there: %v, %s", c.file, c.says, kind, ok, why)
			}
		}
	}
}

// No briefing shows developer text: rule sources (seed numbers, section
// marks) or file names.
func TestBriefingsPlain(t *testing.T) {
	dev := regexp.MustCompile(`(?i)\bseed \d|§|\.tmx|\.tsx|\.json`)
	for _, e := range levels.List(levels.Embedded()) {
		lv, err := levels.Load(levels.Embedded(), e.Path)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{lv.Briefing, lv.Description} {
			if m := dev.FindString(text); m != "" {
				t.Errorf("%s: %q shows developer text to players: %q", e.Path, text, m)
			}
		}
	}
}

// onMap reports whether an obstacle whose name holds kind is on the map.
func onMap(lv *levels.Level, kind string) bool {
	for _, o := range lv.State.Board.Obstacles {
		if strings.Contains(o.Name, kind) {
			return true
		}
	}
	return false
}

// takeCoverAt looks for a tile where a soldier touching an obstacle of
// kind, and no other, can Take Cover. It reports whether one was found,
// or else why the rules refused at the last such tile.
func takeCoverAt(s *rules.State, kind string) (bool, string) {
	why := "no free tile touches a " + kind + " alone"
	b := s.Board
	u := s.Units[0]
	home := u.Pos
	defer func() { u.Pos = home }()
	for y := 0; y < b.Height; y++ {
		for x := 0; x < b.Width; x++ {
			p := rules.Point{X: x, Y: y}
			if !b.Passable(p) || (s.UnitAt(p) != nil && p != home) {
				continue
			}
			u.Pos = p
			if !touchesOnly(s, u, kind) {
				continue
			}
			try := s.Clone()
			tu := try.Unit(u.ID)
			tu.AP = max(tu.AP, 2)
			try.Side = tu.Side
			evs, err := rules.Apply(try, rules.TakeCover{Unit: tu.ID}, rules.NewRNG(1))
			if err == nil {
				for _, ev := range evs {
					if tc, ok := ev.(rules.TookCover); ok && strings.Contains(try.Board.Obstacle(tc.Obstacle).Name, kind) {
						return true, ""
					}
				}
				continue
			}
			why = err.Error()
			if !errors.Is(err, rules.ErrNoCover) || strings.Contains(why, "only hides") {
				return false, why
			}
		}
	}
	return false, why
}

// touchesOnly reports whether the obstacles u is in contact with are all
// of kind (and there is one).
func touchesOnly(s *rules.State, u *rules.Unit, kind string) bool {
	found := false
	for _, o := range s.Board.Obstacles {
		if !s.InContact(u, o) {
			continue
		}
		if !strings.Contains(o.Name, kind) {
			return false
		}
		found = true
	}
	return found
}
