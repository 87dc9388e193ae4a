package arena

import (
	"cmp"
	"fmt"
	"os"
	"strings"

	"sightline/ai"
	"sightline/arena/rival"
	"sightline/levels"
	"sightline/match"
)

// Computer is the computer opponent playing profile p, named
// "computer:<profile>".
func Computer(p ai.Profile) Player {
	return Player{Name: "computer:" + p.Name, New: func(uint64) match.Controller { return ai.NewComputer(p) }}
}

// Random is the random baseline, its dice seeded with the match's seed.
func Random() Player {
	return Player{Name: "random", New: func(seed uint64) match.Controller { return ai.NewRandom(seed) }}
}

// Greedy is the greedy baseline.
func Greedy() Player {
	return Player{Name: "greedy", New: func(uint64) match.Controller { return ai.NewGreedy() }}
}

// Rival is the yardstick opponent written apart from the shipped
// computer (package rival), to measure the profiles against.
func Rival() Player {
	return Player{Name: "rival", New: func(uint64) match.Controller { return rival.New() }}
}

// Named returns the player a name stands for: random, greedy, rival, or
// computer:PROFILE with a profile of ai/profiles.json.
func Named(name string) (Player, error) {
	switch name {
	case "random":
		return Random(), nil
	case "greedy":
		return Greedy(), nil
	case "rival":
		return Rival(), nil
	}
	if prof, ok := strings.CutPrefix(name, "computer:"); ok {
		if p, err := ai.ProfileNamed(prof); err == nil {
			return Computer(p), nil
		}
	}
	return Player{}, fmt.Errorf("unknown opponent %q (want random, greedy, rival or computer:PROFILE)", name)
}

// Shipped returns every shipped level, in the order of levels.List, each
// named by its path (maps/outpost.tmx).
func Shipped() ([]Level, error) {
	var out []Level
	for _, e := range levels.List(levels.Embedded()) {
		lv, err := levels.Load(levels.Embedded(), e.Path)
		if err != nil {
			return nil, err
		}
		out = append(out, Level{Name: e.Path, State: lv.State})
	}
	return out, nil
}

// Load returns the levels named in paths: a shipped level's path
// (maps/outpost.tmx) or a Tiled map on disk, so the arena can play levels
// the computer was not tuned on. No paths is every shipped level.
func Load(paths ...string) ([]Level, error) {
	if len(paths) == 0 {
		return Shipped()
	}
	shipped := map[string]bool{}
	for _, e := range levels.List(levels.Embedded()) {
		shipped[e.Path] = true
	}
	var out []Level
	for _, p := range paths {
		var lv *levels.Level
		var err error
		switch _, statErr := os.Stat(p); {
		case shipped[p]:
			lv, err = levels.Load(levels.Embedded(), p)
		case statErr == nil:
			lv, err = levels.OpenFile(p)
		default:
			err = fmt.Errorf("%q is neither a shipped level nor a map on disk", p)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, Level{Name: cmp.Or(lv.Path, lv.File), State: lv.State})
	}
	return out, nil
}
