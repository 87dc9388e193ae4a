package campaign

import (
	"errors"
	"io/fs"
	"reflect"
	"strings"
	"testing"

	"sightline/match"
)

func TestScore(t *testing.T) {
	for _, tt := range []struct {
		name string
		have Result
		want int
	}{
		{"a loss", Result{Turns: 3, Felled: 4}, 0},
		{"first turn, nobody lost", Result{Won: true, Turns: 1}, 1000},
		{"six turns, one lost, four felled", Result{Won: true, Turns: 6, Lost: 1, Felled: 4}, 1000 - 125 - 150 + 200},
		{"a long bloody win keeps the floor", Result{Won: true, Turns: 40, Lost: 5}, MinScore},
	} {
		if have := Score(tt.have); have != tt.want {
			t.Errorf("%s: have %d, want %d", tt.name, have, tt.want)
		}
	}
}

// Add keeps the best win and counts every battle.
func TestAdd(t *testing.T) {
	var p Progress
	steps := []struct {
		r         Result
		score     int
		best      bool
		wantBest  int
		wantPlays int
	}{
		{Result{Turns: 5}, 0, false, 0, 1},
		{Result{Won: true, Turns: 9, Lost: 2}, 1000 - 200 - 300, true, 500, 2},
		{Result{Won: true, Turns: 12, Lost: 2}, 1000 - 275 - 300, false, 500, 3},
		{Result{Won: true, Turns: 3}, 950, true, 950, 4},
		{Result{Turns: 2}, 0, false, 950, 5},
	}
	for i, s := range steps {
		score, best := p.Add("maps/a.tmx", s.r)
		rec := p.Levels["maps/a.tmx"]
		if score != s.score || best != s.best || rec.Best != s.wantBest || rec.Plays != s.wantPlays || rec.Won != (s.wantBest > 0) {
			t.Errorf("step %d: have score %d best %v record %+v, want %d %v best %d plays %d", i, score, best, rec, s.score, s.best, s.wantBest, s.wantPlays)
		}
	}
	if rec := p.Levels["maps/a.tmx"]; rec.Turns != 3 || rec.Lost != 0 {
		t.Errorf("the best battle's turns and losses: have %+v, want 3 turns, 0 lost", rec)
	}
}

// Add keeps a best win against each difficulty: a new best is one
// against the difficulty played, whatever the level's best.
func TestAddPerDifficulty(t *testing.T) {
	var p Progress
	steps := []struct {
		r     Result
		best  bool
		bests map[string]int
	}{
		{Result{Won: true, Turns: 1, Difficulty: "easy"}, true, map[string]int{"easy": 1000}},
		{Result{Won: true, Turns: 5, Difficulty: "normal"}, true, map[string]int{"easy": 1000, "normal": 900}},
		{Result{Won: true, Turns: 3, Difficulty: "normal"}, true, map[string]int{"easy": 1000, "normal": 950}},
		{Result{Won: true, Turns: 2, Difficulty: "easy"}, false, map[string]int{"easy": 1000, "normal": 950}},
		{Result{Turns: 2, Difficulty: "hard"}, false, map[string]int{"easy": 1000, "normal": 950}},
	}
	for i, s := range steps {
		_, best := p.Add("maps/a.tmx", s.r)
		rec := p.Levels["maps/a.tmx"]
		have := map[string]int{}
		for d, b := range rec.Bests {
			have[d] = b.Score
		}
		if best != s.best || !reflect.DeepEqual(have, s.bests) || rec.Best != 1000 {
			t.Errorf("step %d: have best %v, bests %v, level best %d; want %v, %v, 1000", i, best, have, rec.Best, s.best, s.bests)
		}
	}
	if b, ok := p.Levels["maps/a.tmx"].BestOn("normal"); !ok || b.Turns != 3 {
		t.Errorf("BestOn(normal) = %+v, %v; want the 3-turn win", b, ok)
	}
	if _, ok := p.Levels["maps/a.tmx"].BestOn("hard"); ok {
		t.Error("a loss on hard counts as a best")
	}
}

func TestUnlocked(t *testing.T) {
	order := []string{"a", "b", "c", "d"}
	p := Progress{Levels: map[string]Record{"a": {Won: true, Best: 500}, "b": {Plays: 3}, "d": {Won: true, Best: 200}}}
	have := []bool{}
	for i := -1; i <= len(order); i++ {
		have = append(have, p.Unlocked(order, i))
	}
	// -1, a (first), b (a won), c (b not won), d (won itself), past the end
	if want := []bool{false, true, true, false, true, false}; !reflect.DeepEqual(have, want) {
		t.Errorf("have %v, want %v", have, want)
	}
	if !(Progress{}).Unlocked(order, 0) || (Progress{}).Unlocked(order, 1) {
		t.Error("a fresh campaign opens the first level only")
	}
}

// Parse reads what Marshal writes and refuses what it would never write.
func TestParse(t *testing.T) {
	var p Progress
	p.Add("maps/a.tmx", Result{Won: true, Turns: 4, Lost: 1, Felled: 3})
	p.Add("maps/b.tmx", Result{Turns: 7})
	p.Add("maps/b.tmx", Result{Won: true, Turns: 2, Difficulty: "easy"})
	back, err := Parse(p.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	p.Version = Version
	if !reflect.DeepEqual(back, p) {
		t.Errorf("round trip: have %+v, want %+v", back, p)
	}
	for _, tt := range []struct{ data, want string }{
		{`{"version":2,"levels":{}}`, "version 2, this build reads 1"},
		{`{"version":1,"levels":{},"cheat":true}`, `unknown field "cheat"`},
		{`{"version":1,"levels":{"maps/a.tmx":{"won":true,"best":-5}}}`, `level "maps/a.tmx": a count out of range`},
		{`{"version":1,"levels":{"maps/a.tmx":{"won":false,"best":900}}}`, `won false with a best score of 900`},
		{`{"version":1,"levels":{"":{}}}`, `level "": not a level's file`},
		{`{"version":1,"levels":{"maps/a.tmx":{"plays":1e12}}}`, `cannot unmarshal number 1e12`},
		{`{"version":1,"lev`, "unexpected EOF"},
		{`{"version":1,"levels":{"maps/a.tmx":{"won":true,"best":500,"bests":{"easy":{"score":900}}}}}`, `the best on easy is out of range`},
		{`{"version":1,"levels":{"maps/a.tmx":{"won":true,"best":500,"bests":{"":{"score":200}}}}}`, `difficulty "": not a profile's name`},
		{strings.Repeat(" ", maxFileBytes+1), "more than the limit"},
	} {
		if _, err := Parse([]byte(tt.data)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%.40q): have %v, want an error with %q", tt.data, err, tt.want)
		}
	}
}

// memStore is a Storage in memory.
type memStore map[string][]byte

func (m memStore) GetData(name string) ([]byte, error) {
	if d, ok := m[name]; ok {
		return d, nil
	}
	return nil, fs.ErrNotExist
}
func (m memStore) GetBackup(name string) ([]byte, error) { return m.GetData(name + ".bak") }
func (m memStore) PutData(name string, data []byte) error {
	if d, ok := m[name]; ok {
		m[name+".bak"] = d
	}
	m[name] = data
	return nil
}

// Load starts afresh without a file, falls back on the backup when the
// file is damaged, and says so.
func TestLoad(t *testing.T) {
	var won Progress
	won.Add("maps/a.tmx", Result{Won: true, Turns: 2})
	for _, tt := range []struct {
		name    string
		store   memStore
		wantWon bool
		wantErr string
	}{
		{"none yet", memStore{}, false, ""},
		{"good", memStore{File: won.Marshal()}, true, ""},
		{"damaged, good backup", memStore{File: []byte("{"), File + ".bak": won.Marshal()}, true, "campaign progress campaign/progress: unexpected EOF (using its backup)"},
		{"damaged, no backup", memStore{File: []byte(`{"version":9}`)}, false, "version 9, this build reads 1 (starting afresh)"},
		{"damaged, damaged backup", memStore{File: []byte("x"), File + ".bak": []byte("y")}, false, "(starting afresh)"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Load(tt.store)
			if (err == nil) != (tt.wantErr == "") || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("have error %v, want %q", err, tt.wantErr)
			}
			if have := p.Levels["maps/a.tmx"].Won; have != tt.wantWon || p.Version != Version {
				t.Errorf("have won %v version %d, want %v %d", have, p.Version, tt.wantWon, Version)
			}
		})
	}
}

// Progress survives a round trip through the game's real store on disk,
// and a second save keeps the first as the backup.
func TestSaveInStore(t *testing.T) {
	s := match.NewStore(t.TempDir())
	var p Progress
	p.Add("maps/a.tmx", Result{Won: true, Turns: 3})
	if err := Save(s, p); err != nil {
		t.Fatal(err)
	}
	p.Add("maps/b.tmx", Result{Won: true, Turns: 5})
	if err := Save(s, p); err != nil {
		t.Fatal(err)
	}
	back, err := Load(s)
	if err != nil || !back.Levels["maps/b.tmx"].Won {
		t.Fatalf("have %+v, %v", back, err)
	}
	old, err := s.GetBackup(File)
	if err != nil {
		t.Fatal(err)
	}
	if prev, err := Parse(old); err != nil || len(prev.Levels) != 1 {
		t.Errorf("the backup: have %+v, %v; want the first save", prev, err)
	}
	if _, err := s.GetData("campaign/none"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: have %v, want fs.ErrNotExist", err)
	}
}
