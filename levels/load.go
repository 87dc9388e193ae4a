package levels

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	_ "image/png" // tileset images are PNG
	"io/fs"
	"path"
	"strconv"

	"github.com/lafriks/go-tiled"

	"sightline/rules"
)

// defaultBackground is the dark ground colour of maps without one.
var defaultBackground = color.RGBA{R: 0x1d, G: 0x21, B: 0x1b, A: 0xff}

// Load loads the map at path name (slash-separated, inside fsys) and
// everything it references from fsys. It never panics on bad input: every
// problem is an error naming the file and, where it applies, the object
// and the property.
func Load(fsys fs.FS, name string) (*Level, error) {
	lv, _, err := load(fsys, name)
	if err != nil {
		var es Errors
		if !errors.As(err, &es) {
			err = clipError{err}
		}
		return nil, err
	}
	return lv, nil
}

// clipError is an error whose text is clipped (clip): it may quote a
// map's text at any length.
type clipError struct{ err error }

func (c clipError) Error() string { return clip(c.err.Error()) }
func (c clipError) Unwrap() error { return c.err }

// load is Load with the errors' text not yet clipped, and the warnings
// found, even when the load fails (a check then lists both).
func load(fsys fs.FS, name string) (*Level, []Problem, error) {
	if !fs.ValidPath(name) {
		return nil, nil, fmt.Errorf("%s: not a valid path inside the level folder", name)
	}
	budget := int64(MaxLoadBytes)
	var sources []Source
	guard := guardFS{fsys: fsys, budget: &budget, sources: &sources}
	data, err := guard.read(name)
	if err != nil {
		return nil, nil, err
	}
	if isJSON(data) {
		if data, err = jsonToTMX(name, "map", data); err != nil {
			return nil, nil, err
		}
	}
	sc, err := prescanMap(fsys, name, data)
	if err != nil {
		return nil, nil, err
	}
	proj, err := findProject(fsys)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	m, err := loadTiled(guard, name, data)
	if err != nil {
		return nil, nil, err
	}
	l := &loader{fsys: guard, file: name, proj: proj, scan: sc, m: m, spawned: map[uint32]int{},
		broken: map[uint32]bool{}, tilesets: map[*tiled.Tileset]*tileset{}, images: map[string]int{}}
	lv, err := l.convert()
	if err != nil {
		l.errs = append(l.errs, Problem{File: name, Msg: err.Error()})
	}
	if len(l.errs) > 0 {
		var warns []Problem
		if l.lv != nil {
			warns = clipAll(l.lv.Warnings)
		}
		return nil, warns, Errors(clipAll(l.errs))
	}
	clipAll(lv.Warnings)
	lv.Sources = sources
	return lv, lv.Warnings, nil
}

// loadTiled runs go-tiled on a pre-scanned map, turning a panic into an
// error naming the file.
func loadTiled(fsys guardFS, name string, data []byte) (m *tiled.Map, err error) {
	defer func() {
		if r := recover(); r != nil {
			m, err = nil, fmt.Errorf("%s: go-tiled failed: %v", name, r)
		}
	}()
	m, err = tiled.LoadReader(path.Dir(name), bytes.NewReader(data), tiled.WithFileSystem(fsys))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// loader converts one go-tiled map into a Level.
type loader struct {
	fsys guardFS
	file string
	proj *project
	scan *scan
	m    *tiled.Map
	// flat is the map's tile and object layers in draw order, groups
	// flattened.
	flat     []flatLayer
	lv       *Level
	board    *rules.Board
	tilesets map[*tiled.Tileset]*tileset
	images   map[string]int
	pixels   int64
	// objectives are the Objective objects, read once the units stand;
	// spawned maps a Spawn object's id to its unit's.
	objectives []*object
	// hints are the Ambush, Patrol and Defend objects, read once the
	// board's tiles are known.
	hints   []*object
	spawned map[uint32]int
	// errs are the errors that spoil one object, tile or property: the
	// load goes on past them, so one check lists them all. broken holds
	// the ids of the objects that failed, so that an objective naming one
	// does not add a second error.
	errs   Errors
	broken map[uint32]bool
}

// fail records an error that spoils one part of the map and lets the load
// go on past it.
func (l *loader) fail(where string, err error) {
	p := Problem{File: l.file, Where: where, Msg: err.Error()}
	var fx fixable
	if errors.As(err, &fx) {
		p.Msg, p.Fix = fx.err.Error(), fx.fix
	}
	l.errs = append(l.errs, p)
}

// fixable is an error with a hint to put it right: the Problem's Fix.
type fixable struct {
	err error
	fix string
}

func (f fixable) Error() string { return f.err.Error() }
func (f fixable) Unwrap() error { return f.err }

// withFix gives err a hint to fix it.
func withFix(err error, fix string) error { return fixable{err, fix} }

// failObject records an error that spoils object ob.
func (l *loader) failObject(ob *object, err error) {
	l.fail(l.where(ob), err)
	l.broken[ob.id] = true
}

func (l *loader) convert() (*Level, error) {
	m := l.m
	if m.Width != l.scan.width || m.Height != l.scan.height || m.TileWidth != m.TileHeight {
		return nil, fmt.Errorf("map header read inconsistently")
	}
	l.board = rules.NewBoard(m.Width, m.Height, m.TileWidth)
	l.lv = &Level{
		Name: baseName(l.file), File: l.file,
		Width: m.Width, Height: m.Height, TileWidth: m.TileWidth, TileHeight: m.TileHeight,
		Background: defaultBackground,
		State:      rules.NewState(l.board),
	}
	l.mapProperties()
	if c := m.BackgroundColor; c != nil {
		if rgba := color.RGBAModel.Convert(c).(color.RGBA); rgba.A != 0 {
			l.lv.Background = rgba
		}
	}
	var err error
	if l.flat, err = l.flatten(); err != nil {
		return nil, err
	}
	tileCover, err := l.tileLayers()
	if err != nil {
		return nil, err
	}
	spawns, err := l.objects()
	if err != nil {
		return nil, err
	}
	for _, o := range tileCover {
		l.board.AddObstacle(o)
	}
	for _, f := range l.flat {
		if f.draw != nil {
			l.lv.Layers = append(l.lv.Layers, *f.draw)
		}
	}
	l.spawn(spawns)
	l.objectiveObjects()
	l.hintObjects()
	return l.lv, nil
}

// mapProperties reads the map properties name, description, briefing,
// difficulty and campaign, recording a bad one and going on.
func (l *loader) mapProperties() {
	if l.m.Properties == nil {
		return
	}
	for _, p := range *l.m.Properties {
		if p == nil {
			continue
		}
		want := ""
		switch p.Name {
		case "name", "description", "briefing":
			want = "string"
		case "difficulty", "campaign":
			want = "int"
		}
		if want != "" && p.Type != "" && p.Type != want {
			l.fail("", fmt.Errorf("map property %q: is of type %s, want %s", p.Name, p.Type, want))
		}
	}
	ps := l.m.Properties
	if n := ps.GetString("name"); n != "" {
		l.lv.Name = n
	}
	l.lv.Description = ps.GetString("description")
	l.lv.Briefing = ps.GetString("briefing")
	for _, n := range []struct {
		name     string
		to       *int
		min, max int
	}{{"difficulty", &l.lv.Difficulty, 1, MaxDifficulty}, {"campaign", &l.lv.Campaign, 1, MaxCampaign}} {
		s := ps.GetString(n.name)
		if s == "" {
			continue
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < n.min || v > n.max {
			l.fail("", fmt.Errorf("map property %q: %q is not a whole number from %d to %d", n.name, s, n.min, n.max))
			continue
		}
		*n.to = v
	}
}

// floorAt returns the floor elevation under a pixel position, clamped to
// the board.
func (l *loader) floorAt(v rules.Vec) int {
	ts := float64(l.board.TileSize)
	p := rules.Point{X: min(max(int(v.X/ts), 0), l.board.Width-1), Y: min(max(int(v.Y/ts), 0), l.board.Height-1)}
	return l.board.Tile(p).Floor
}

// image returns the index in Level.Images of the image at p (a path inside
// the FS) and its bounds, decoding it once and bounding its size first.
func (l *loader) image(p string) (int, image.Rectangle, error) {
	if i, ok := l.images[p]; ok {
		return i, l.lv.Images[i].Bounds(), nil
	}
	data, err := l.fsys.read(p)
	if err != nil {
		return 0, image.Rectangle{}, err
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if errors.Is(err, image.ErrFormat) {
		return 0, image.Rectangle{}, withFix(fmt.Errorf("%s: is not a PNG image, the one image format the game reads", p), "save the image as PNG and point the tileset at it")
	}
	if err != nil {
		return 0, image.Rectangle{}, fmt.Errorf("%s: %w", p, err)
	}
	px := int64(cfg.Width) * int64(cfg.Height)
	if cfg.Width <= 0 || cfg.Height <= 0 || px > MaxImagePixels {
		return 0, image.Rectangle{}, fmt.Errorf("%s: image is %d×%d pixels (the limit is %d pixels)", p, cfg.Width, cfg.Height, MaxImagePixels)
	}
	if l.pixels+px > MaxImagePixels {
		return 0, image.Rectangle{}, fmt.Errorf("%s: the map's tileset images together have more than %d pixels", p, MaxImagePixels)
	}
	l.pixels += px
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return 0, image.Rectangle{}, fmt.Errorf("%s: %w", p, err)
	}
	l.lv.Images = append(l.lv.Images, img)
	l.images[p] = len(l.lv.Images) - 1
	return len(l.lv.Images) - 1, img.Bounds(), nil
}
