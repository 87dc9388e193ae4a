package levels

import (
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
)

// levelFS returns a copy of the embedded levels folder with extra files
// added (or replaced), so tests can load small maps against the real
// tilesets, templates and project.
func levelFS(t testing.TB, extra map[string]string) fstest.MapFS {
	t.Helper()
	m := fstest.MapFS{}
	err := fs.WalkDir(Embedded(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := fs.ReadFile(Embedded(), p)
		m[p] = &fstest.MapFile{Data: data}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for p, s := range extra {
		m[p] = &fstest.MapFile{Data: []byte(s)}
	}
	return m
}

// tmx wraps layers and objects in a map header: w×h tiles of 32 pixels
// using the terrain tileset, with one Spawn per side in the first row so
// the map is playable.
func tmx(w, h int, body string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="` + itoa(w) + `" height="` + itoa(h) + `" tilewidth="32" tileheight="32" infinite="0" nextlayerid="9" nextobjectid="900">
 <tileset firstgid="1" source="../tilesets/terrain.tsx"/>
` + body + `
 <objectgroup id="8" name="spawns">
  <object id="801" name="b" type="Spawn" x="16" y="16"><point/></object>
  <object id="802" name="r" type="Spawn" x="48" y="16"><properties><property name="side" value="red"/></properties><point/></object>
 </objectgroup>
</map>
`
}

// csvLayer returns a CSV tile layer from rows of comma-separated gids.
func csvLayer(name string, rows ...string) string {
	return ` <layer id="1" name="` + name + `" width="1" height="1">
  <data encoding="csv">
` + strings.Join(rows, ",\n") + `
</data>
 </layer>`
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
