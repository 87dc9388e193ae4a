package levels

import (
	"embed"
	"fmt"
	"image"
	"image/color"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"sightline/rules"
)

// Level is a loaded map ready to play and draw.
type Level struct {
	// Name is the map property "name", else the file's base name.
	Name string
	// Description is the map property "description" (may be empty).
	Description string
	// Briefing is the map property "briefing": what the level teaches and
	// the situation, for the battle's opening card (may be empty).
	Briefing string
	// Difficulty is the map property "difficulty", 1 (easiest) to
	// MaxDifficulty, or 0 when the map does not say.
	Difficulty int
	// Campaign is the map property "campaign": the level's place in the
	// campaign, 1 first, or 0 for a level played only in skirmish.
	Campaign int
	// File is the path of the .tmx inside the FS it was loaded from.
	File string
	// Path is the map's absolute path on disk when OpenFile loaded it
	// ("" for a level loaded from an FS).
	Path string
	// Width and Height are the map size in tiles; TileWidth and TileHeight
	// the tile size in pixels (always equal).
	Width, Height, TileWidth, TileHeight int
	// Background is the map's background colour, or a dark ground colour.
	Background color.RGBA
	// Images holds the decoded tileset images that the layers' cells use.
	Images []image.Image
	// Layers holds the drawn layers, bottom to top: the visible tile
	// layers and the object layers with tile objects, group layers
	// flattened into them.
	Layers []TileLayer
	// State is the battle: board tiles, obstacles and the spawned units.
	State *rules.State
	// Warnings are what the loader noticed that does not stop play (an
	// object with no class); Check adds its own.
	Warnings []Problem
	// Sources lists every file the load read (the map, its tilesets,
	// templates and images), in the order first read, with its digest:
	// replays and saves name the exact map they were played on.
	Sources []Source
}

// Source is one file a level was loaded from.
type Source struct {
	// Path is the file's slash-separated path inside the level folder.
	Path string `json:"path"`
	// SHA256 is the hex SHA-256 of the file's bytes.
	SHA256 string `json:"sha256"`
}

// Entry is one level for the level-select screen.
type Entry struct {
	// Path is the .tmx path inside the FS.
	Path string
	// Name is the level's name, or the file's base name when it failed.
	Name string
	// Err is why the level cannot be played, or nil.
	Err error
	// Campaign is the level's place in the campaign (0: not in it).
	Campaign int
	// Width and Height are the map's size in tiles, and Squads the units
	// each side starts with (Blue, Red), for the level list.
	Width, Height int
	Squads        [2]int
}

// Map property limits.
const (
	// MaxDifficulty is the hardest a map's "difficulty" may say.
	MaxDifficulty = 5
	// MaxCampaign is the last place a map's "campaign" may take.
	MaxCampaign = 99
)

// Campaign returns the playable entries with a place in the campaign, in
// campaign order (ties by path).
func Campaign(entries []Entry) []Entry {
	var out []Entry
	for _, e := range entries {
		if e.Err == nil && e.Campaign > 0 {
			out = append(out, e)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Campaign < out[j].Campaign })
	return out
}

// The folders are embedded whole, so a map, tileset or template saved in
// either of Tiled's formats ships without a change here.
//
//go:embed sightline.tiled-project maps tilesets templates
var embedded embed.FS

// embeddedProject is the project file at the root of Embedded().
const embeddedProject = "sightline.tiled-project"

// Embedded returns the embedded levels folder: maps, tilesets, templates,
// tileset images and the .tiled-project file.
func Embedded() fs.FS { return embedded }

// IsMapFile reports whether name has the extension of a Tiled map the
// loader reads: .tmx, or .tmj or .json in Tiled's JSON format.
func IsMapFile(name string) bool {
	switch path.Ext(name) {
	case ".tmx", ".tmj", ".json":
		return true
	}
	return false
}

// List returns every map (IsMapFile) under the folder "maps" of fsys, sorted by path,
// each with its level name or its load error.
func List(fsys fs.FS) []Entry {
	var paths []string
	_ = fs.WalkDir(fsys, "maps", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && IsMapFile(p) {
			paths = append(paths, p)
		}
		return nil
	})
	sort.Strings(paths)
	entries := make([]Entry, 0, len(paths))
	for _, p := range paths {
		e := Entry{Path: p, Name: baseName(p)}
		lv, err := Load(fsys, p)
		if err != nil {
			e.Err = err
		} else {
			e.Name, e.Campaign = lv.Name, lv.Campaign
			e.Width, e.Height = lv.Width, lv.Height
			for _, u := range lv.State.Units {
				if u.Side == rules.SideBlue || u.Side == rules.SideRed {
					e.Squads[u.Side]++
				}
			}
		}
		entries = append(entries, e)
	}
	return entries
}

// OpenFile loads a map from the OS file system, as `sightline -level
// PATH.tmx` does. The level folder is the nearest folder upward from the
// map holding a *.tiled-project file, else the map's own folder; the map
// and everything it references are read through that folder only, so no
// reference can escape it (symbolic links included).
func OpenFile(file string) (*Level, error) {
	lv, _, err := OpenFileWatch(file)
	return lv, err
}

// Folder returns the level folder of a map on disk (the nearest folder
// upward with a *.tiled-project file) as an FS, and the map's path in it.
// The FS reads through os.Root, as the game's OpenFile does: a symbolic
// link that leads out of the folder is refused, so the check and the game
// accept and refuse the same maps.
func Folder(file string) (fs.FS, string, error) {
	_, root, rel, err := locate(file)
	if err != nil {
		return nil, "", err
	}
	return rootFS(root), rel, nil
}

// rootFS is a folder on disk read through os.Root: nothing outside it,
// symbolic links included. Each Open opens the root and closes it again,
// so the FS holds nothing open between reads.
type rootFS string

// Open implements fs.FS.
func (d rootFS) Open(name string) (fs.File, error) {
	r, err := os.OpenRoot(string(d))
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.FS().Open(name)
}

// locate returns file's absolute path, its level folder and its
// slash-separated path inside that folder.
func locate(file string) (abs, root, rel string, err error) {
	if abs, err = filepath.Abs(file); err != nil {
		return "", "", "", err
	}
	root = projectRoot(filepath.Dir(abs))
	if rel, err = filepath.Rel(root, abs); err != nil {
		return "", "", "", err
	}
	return abs, root, filepath.ToSlash(rel), nil
}

// CheckFile checks a map on disk as `sightline-cli check` does: Check in
// its level folder (Folder), each problem naming the map's path in it,
// and a reference that escapes the folder explained (rootHint).
func CheckFile(file string) []Problem {
	fsys, rel, err := Folder(file)
	if err != nil {
		return []Problem{Problem{File: file, Msg: err.Error()}.clipped()}
	}
	_, root, _, _ := locate(file)
	return explainRoot(Check(fsys, rel), root)
}

// explainRoot gives each problem about a reference that escapes the level
// folder a hint naming the folder and how it was chosen.
func explainRoot(ps []Problem, root string) []Problem {
	for i, p := range ps {
		if p.Fix == "" && strings.Contains(p.Msg, "escapes the level folder") {
			ps[i].Fix = clip(rootHint(root))
		}
	}
	return ps
}

// rootHint says which folder is a map's level folder and why.
func rootHint(root string) string {
	if hasProject(root) {
		return fmt.Sprintf("the level folder is %s, the folder of its .tiled-project file: keep the tilesets, templates and images inside it", root)
	}
	return fmt.Sprintf("no .tiled-project file was found in the map's folder or above it, so the level folder is the map's own folder, %s: put a project file (a copy of levels/sightline.tiled-project) in the folder that holds maps/, tilesets/ and templates/", root)
}

// hasProject reports whether dir holds a *.tiled-project file.
func hasProject(dir string) bool {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".tiled-project") {
			return true
		}
	}
	return false
}

// projectRoot returns the nearest folder from dir upward that holds a
// *.tiled-project file, or dir itself.
func projectRoot(dir string) string {
	for d := dir; ; {
		if hasProject(d) {
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir
		}
		d = parent
	}
}

// baseName returns a file's name without folder and extension.
func baseName(p string) string { return strings.TrimSuffix(path.Base(p), path.Ext(p)) }
