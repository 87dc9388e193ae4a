package levels

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
)

// scan is what the pre-scan of a map learns besides its verdict.
type scan struct {
	// width and height are the map's size in tiles.
	width, height int
	// objectAttrs holds, for each object of each object layer (groups
	// included) in document order, the names of the attributes written on
	// it. Template instances override their template exactly where they
	// have an attribute.
	objectAttrs []map[string]bool
	// layers are the map's top-level layers in document order: go-tiled
	// keeps each kind in its own slice and so loses the draw order.
	layers []*layerNode
}

// layerNode is one layer as the pre-scan saw it: its kind, the attributes
// go-tiled does not read, and a group's children in document order.
type layerNode struct {
	kind     string // layer, objectgroup, imagelayer or group
	tint     string // the tintcolor attribute, "" when unset
	children []*layerNode
}

// prescanMap checks a map file with encoding/xml before go-tiled sees it:
// the <map> header (size, tile size, orientation, infinite), colour values,
// references to other files, and compressed layer data.
func prescanMap(fsys fs.FS, name string, data []byte) (*scan, error) {
	w := &walker{fsys: fsys, file: name, root: "map", s: &scan{}}
	if err := w.walk(data); err != nil {
		return nil, err
	}
	return w.s, nil
}

// prescanAux checks a tileset (.tsx) or template (.tx) file the same way.
func prescanAux(fsys fs.FS, name string, data []byte) error {
	w := &walker{fsys: fsys, file: name, root: auxRoot(name), s: &scan{}}
	return w.walk(data)
}

// auxRoot returns the root element a tileset or template reference
// wants: template for .tx and .tj files, else tileset.
func auxRoot(name string) string {
	if strings.HasSuffix(name, ".tx") || strings.HasSuffix(name, ".tj") {
		return "template"
	}
	return "tileset"
}

// walker streams one XML file's tokens.
type walker struct {
	fsys  fs.FS
	file  string
	root  string
	s     *scan
	stack []frame
	// groups counts the open <group> elements of the layer tree.
	groups int
	// objects and points count the file's <object> elements and the
	// points of its polygons and polylines, against MaxObjects and
	// MaxMapPoints.
	objects, points int
	// layerName is the name of the tile layer being read; tilesets are the
	// map's tilesets' gid ranges, read so far.
	layerName string
	tilesets  []gidRange
}

// gidRange is the gids one tileset of a map holds: first to first+count-1
// (count -1 when unknown: the check then lets every gid from first pass).
type gidRange struct {
	name         string
	first, count int
}

// frame is one open element and the context its errors name.
type frame struct {
	name string
	ctx  string
	node *layerNode // set for the layers of the map's layer tree
}

// auxExt names the TMX-family file of each root element.
var auxExt = map[string]string{"map": "map (.tmx)", "tileset": "tileset (.tsx)", "template": "template (.tx)"}

func (w *walker) walk(data []byte) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w", w.file, err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(w.stack) == 0 && t.Name.Local != w.root {
				if t.Name.Local == "map" || t.Name.Local == "tileset" || t.Name.Local == "template" {
					return fmt.Errorf("%s: is a %s, not a %s: point the reference at a %s file", w.file, t.Name.Local, w.root, auxExt[w.root])
				}
				return fmt.Errorf("%s: the root element is <%s>, want <%s>", w.file, t.Name.Local, w.root)
			}
			w.stack = append(w.stack, frame{name: t.Name.Local, ctx: w.context(t)})
			if err := w.start(d, t); err != nil {
				if w.ctx() != "" {
					return fmt.Errorf("%s: %s: %w", w.file, w.ctx(), err)
				}
				return fmt.Errorf("%s: %w", w.file, err)
			}
		case xml.EndElement:
			if len(w.stack) > 0 {
				if n := w.stack[len(w.stack)-1].node; n != nil && n.kind == "group" {
					w.groups--
				}
				w.stack = w.stack[:len(w.stack)-1]
			}
		}
	}
	if len(w.stack) != 0 || w.s == nil {
		return fmt.Errorf("%s: unexpected end of file", w.file)
	}
	if w.s.width == 0 && w.root == "map" {
		return fmt.Errorf("%s: no <map> element", w.file)
	}
	return nil
}

// ctx returns the innermost error context ("object 3 \"wall\"", "tile 5").
func (w *walker) ctx() string {
	for i := len(w.stack) - 1; i >= 0; i-- {
		if w.stack[i].ctx != "" {
			return w.stack[i].ctx
		}
	}
	return ""
}

func (w *walker) context(t xml.StartElement) string {
	switch t.Name.Local {
	case "object":
		return fmt.Sprintf("object %s %q", attr(t, "id"), attr(t, "name"))
	case "tile":
		if len(w.stack) > 0 && w.stack[len(w.stack)-1].name == "tileset" {
			return "tile " + attr(t, "id")
		}
	}
	return ""
}

func (w *walker) start(d *xml.Decoder, t xml.StartElement) error {
	if dup, ok := duplicateAttr(t); ok {
		return fmt.Errorf("attribute %q appears twice in <%s>", dup, t.Name.Local)
	}
	for _, a := range t.Attr {
		switch a.Name.Local {
		case "backgroundcolor", "color", "tintcolor", "trans":
			if t.Name.Local != "property" && !validHexAttr(a.Value) {
				return fmt.Errorf("%s %q is not a colour (want #AARRGGBB or #RRGGBB)", a.Name.Local, a.Value)
			}
		}
	}
	switch t.Name.Local {
	case "map":
		if len(w.stack) == 1 {
			return w.header(t)
		}
	case "layer", "objectgroup", "imagelayer", "group":
		if err := w.layer(t); err != nil {
			return err
		}
	case "chunk":
		return errors.New("infinite maps are not supported")
	case "property":
		if attr(t, "type") == "color" && !validColorProperty(attr(t, "value")) {
			return fmt.Errorf("property %q: colour %q is not #AARRGGBB or #RRGGBB", attr(t, "name"), attr(t, "value"))
		}
	case "tileset":
		if w.root == "map" && len(w.stack) == 2 {
			w.addTileset(t)
		}
		if src, ok := attrOK(t, "source"); ok {
			return w.ref("tileset source", src)
		}
	case "image":
		if src, ok := attrOK(t, "source"); ok {
			return w.ref("image source", src)
		}
	case "polygon", "polyline":
		return w.shape(t)
	case "object":
		if w.objects++; w.objects > MaxObjects {
			return withFix(fmt.Errorf("the file has more than %d objects", MaxObjects), "split the map, or draw repeated cover as tiles of class Cover")
		}
		if src, ok := attrOK(t, "template"); ok {
			if err := w.ref("template", src); err != nil {
				return err
			}
		}
		if w.inLayerTree(len(w.stack)-2) && w.stack[len(w.stack)-2].name == "objectgroup" {
			set := map[string]bool{}
			for _, a := range t.Attr {
				set[a.Name.Local] = true
			}
			w.s.objectAttrs = append(w.s.objectAttrs, set)
		}
	case "data":
		return w.data(d, t)
	}
	return nil
}

// addTileset records a map's tileset's gid range: its firstgid and its
// tilecount, read from the tileset file for an external one.
func (w *walker) addTileset(t xml.StartElement) {
	first, err := strconv.Atoi(attr(t, "firstgid"))
	if err != nil || first < 1 {
		return
	}
	r := gidRange{name: attr(t, "name"), first: first, count: -1}
	if n, err := strconv.Atoi(attr(t, "tilecount")); err == nil {
		r.count = n
	}
	if src, ok := attrOK(t, "source"); ok {
		r.name = src
		if p, err := resolveRef(w.file, "tileset source", src); err == nil {
			if data, err := readFile(w.fsys, p); err == nil {
				r.count = tilecountOf(data)
			}
		}
	}
	w.tilesets = append(w.tilesets, r)
}

// tilecountOf returns the tilecount of a tileset file's root element, or
// -1.
func tilecountOf(data []byte) int {
	if isJSON(data) {
		var t struct {
			TileCount jint `json:"tilecount"`
		}
		if json.Unmarshal(data, &t) != nil {
			return -1
		}
		if n, err := strconv.Atoi(string(t.TileCount)); err == nil {
			return n
		}
		return -1
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		tok, err := d.Token()
		if err != nil {
			return -1
		}
		if t, ok := tok.(xml.StartElement); ok {
			if n, err := strconv.Atoi(attr(t, "tilecount")); err == nil && t.Name.Local == "tileset" {
				return n
			}
			return -1
		}
	}
}

// checkGIDs checks a tile layer's gids: one per tile of the map, each 0
// or in a tileset's range (flip bits aside), naming the first cell that is
// not.
func (w *walker) checkGIDs(gids []uint32) error {
	want := w.s.width * w.s.height
	if len(gids) != want {
		return withFix(fmt.Errorf("layer %q has %d tiles of data, want %d×%d = %d", w.layerName, len(gids), w.s.width, w.s.height, want),
			"the layer's data does not match the map's size: resize the map in Tiled (Map > Resize Map) so that it rewrites every layer")
	}
	for i, g := range gids {
		bare := int(g &^ 0xF0000000)
		if bare == 0 || w.holds(bare) {
			continue
		}
		return withFix(fmt.Errorf("layer %q: tile (%d,%d) has gid %d, which none of the map's tilesets holds (%s)", w.layerName, i%w.s.width, i/w.s.width, bare, w.rangesText()),
			"a tileset was removed or shrunk: add it back, or erase the tile (Tiled shows it as a red cross)")
	}
	return nil
}

// holds reports whether a tileset of the map holds gid.
func (w *walker) holds(gid int) bool {
	for _, r := range w.tilesets {
		if gid >= r.first && (r.count < 0 || gid < r.first+r.count) {
			return true
		}
	}
	return false
}

// rangesText names the tilesets' gid ranges: "terrain.tsx 1-24".
func (w *walker) rangesText() string {
	if len(w.tilesets) == 0 {
		return "it has none"
	}
	parts := make([]string, len(w.tilesets))
	for i, r := range w.tilesets {
		parts[i] = fmt.Sprintf("%s %d-%d", r.name, r.first, r.first+r.count-1)
	}
	return strings.Join(parts, ", ")
}

// shape bounds a polygon's or polyline's points, one by one and added
// up over the file, counting them without splitting the attribute.
func (w *walker) shape(t xml.StartElement) error {
	n := countFields(attr(t, "points"))
	if n > MaxShapePoints {
		return withFix(fmt.Errorf("%s has %d points, more than the limit of %d", t.Name.Local, n, MaxShapePoints),
			"simplify it (Tiled: select its points and delete the ones a straight edge can replace), or split it into several objects")
	}
	if w.points += n; w.points > MaxMapPoints {
		return withFix(fmt.Errorf("the file's polygons and polylines have more than %d points together", MaxMapPoints),
			"simplify the shapes, or use rectangles and tiles of class Cover")
	}
	return nil
}

// countFields counts the space-separated fields of s.
func countFields(s string) int {
	n, in := 0, false
	for i := 0; i < len(s); i++ {
		sp := s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'
		if !sp && !in {
			n++
		}
		in = !sp
	}
	return n
}

// MaxGroupDepth bounds how deeply group layers nest.
const MaxGroupDepth = 16

// layer records a layer of the map's layer tree (the map's children and
// its groups' children, in document order) with its tint colour.
func (w *walker) layer(t xml.StartElement) error {
	if w.root != "map" || !w.inLayerTree(len(w.stack)-1) {
		return nil
	}
	n := &layerNode{kind: t.Name.Local, tint: attr(t, "tintcolor")}
	if n.kind == "layer" {
		w.layerName = attr(t, "name")
	}
	if n.tint != "" {
		if _, err := parseTint(n.tint); err != nil {
			return fmt.Errorf("layer %q: %w", attr(t, "name"), err)
		}
	}
	w.stack[len(w.stack)-1].node = n
	if n.kind == "group" {
		if w.groups++; w.groups > MaxGroupDepth {
			return fmt.Errorf("group %q: groups nest more than %d deep", attr(t, "name"), MaxGroupDepth)
		}
	}
	if len(w.stack) == 2 {
		w.s.layers = append(w.s.layers, n)
		return nil
	}
	parent := w.stack[len(w.stack)-2].node
	parent.children = append(parent.children, n)
	return nil
}

// inLayerTree reports whether the first n open elements are the <map> and
// then only group layers, so the element after them is in the layer tree
// (and not, say, in a tile's collision shapes).
func (w *walker) inLayerTree(n int) bool {
	if n < 1 || n > len(w.stack) || w.stack[0].name != "map" {
		return false
	}
	for _, f := range w.stack[1:n] {
		if f.name != "group" || f.node == nil {
			return false
		}
	}
	return true
}

// header checks the <map> element: everything that decides how much memory
// loading the map takes is checked here, before go-tiled allocates.
func (w *walker) header(t xml.StartElement) error {
	if o := attr(t, "orientation"); o != "orthogonal" {
		return fmt.Errorf("orientation %q is not supported (only orthogonal maps)", o)
	}
	if inf := attr(t, "infinite"); inf == "1" || inf == "true" {
		return errors.New("infinite maps are not supported")
	}
	num := func(name string, max int) (int, error) {
		v, err := strconv.Atoi(attr(t, name))
		if err != nil {
			return 0, fmt.Errorf("%s %q is not a whole number", name, attr(t, name))
		}
		if v <= 0 || v > max {
			return 0, fmt.Errorf("%s %d is out of range (want 1 to %d)", name, v, max)
		}
		return v, nil
	}
	var err error
	if w.s.width, err = num("width", MaxSide); err != nil {
		return err
	}
	if w.s.height, err = num("height", MaxSide); err != nil {
		return err
	}
	if n := w.s.width * w.s.height; n > MaxTiles {
		return fmt.Errorf("%d×%d is %d tiles, more than the limit of %d", w.s.width, w.s.height, n, MaxTiles)
	}
	tw, err := num("tilewidth", MaxTileSide)
	if err != nil {
		return err
	}
	th, err := num("tileheight", MaxTileSide)
	if err != nil {
		return err
	}
	if tw != th {
		return fmt.Errorf("tiles are %d×%d pixels; only square tiles are supported", tw, th)
	}
	return nil
}

// ref checks a reference to another file: inside the FS and present.
func (w *walker) ref(what, ref string) error {
	p, err := resolveRef(w.file, what, ref)
	if err != nil {
		// resolveRef names the file itself; drop it, the caller adds it.
		return errors.New(strings.TrimPrefix(err.Error(), w.file+": "))
	}
	if _, err := fs.Stat(w.fsys, p); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s %q: %s does not exist", what, ref, p)
	} else if err != nil {
		return fmt.Errorf("%s %q: %w", what, ref, err)
	}
	return nil
}

// data reads a tile layer's data: compressed data must not inflate past
// one 4-byte gid per tile (so go-tiled cannot be made to inflate a bomb),
// and a map layer's gids are checked (checkGIDs) so that an error names
// the layer and the cell, which go-tiled's do not.
func (w *walker) data(d *xml.Decoder, t xml.StartElement) error {
	enc, comp := attr(t, "encoding"), attr(t, "compression")
	inLayer := w.root == "map" && len(w.stack) >= 2 && w.stack[len(w.stack)-2].name == "layer"
	var text bytes.Buffer
	var tiles []uint32
	for depth := 0; depth >= 0; {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok := tok.(type) {
		case xml.CharData:
			if enc != "" {
				text.Write(tok)
			}
		case xml.StartElement:
			depth++
			if enc == "" && tok.Name.Local == "tile" && len(tiles) <= MaxTiles {
				g, _ := strconv.ParseUint(attr(tok, "gid"), 10, 32)
				tiles = append(tiles, uint32(g))
			}
		case xml.EndElement:
			depth--
		}
	}
	w.stack = w.stack[:len(w.stack)-1]
	var gids []uint32
	switch enc {
	case "":
		gids = tiles
	case "csv":
		var err error
		if gids, err = parseCSV(text.Bytes()); err != nil {
			return fmt.Errorf("layer %q: %w", w.layerName, err)
		}
	case "base64":
		raw, err := w.inflate(bytes.TrimSpace(text.Bytes()), comp)
		if err != nil {
			return err
		}
		if len(raw)%4 != 0 {
			return fmt.Errorf("layer %q: its data is %d bytes, not a whole number of 4-byte gids", w.layerName, len(raw))
		}
		gids = make([]uint32, len(raw)/4)
		for i := range gids {
			gids[i] = uint32(raw[4*i]) | uint32(raw[4*i+1])<<8 | uint32(raw[4*i+2])<<16 | uint32(raw[4*i+3])<<24
		}
	default:
		return fmt.Errorf("layer %q: data encoding %q is not supported (Tiled writes csv, base64 or XML)", w.layerName, enc)
	}
	if !inLayer {
		return nil
	}
	return w.checkGIDs(gids)
}

// inflate decodes base64 layer data and decompresses it (comp: "", zlib
// or gzip), reading no more than one 4-byte gid per tile and one more
// byte.
func (w *walker) inflate(b64 []byte, comp string) ([]byte, error) {
	raw := base64.NewDecoder(base64.StdEncoding, bytes.NewReader(b64))
	var r io.Reader
	var err error
	switch comp {
	case "":
		r = raw
	case "zlib":
		r, err = zlib.NewReader(raw)
	case "gzip":
		r, err = gzip.NewReader(raw)
	default:
		return nil, fmt.Errorf("layer compression %q is not supported (use CSV, zlib or gzip)", comp)
	}
	if err != nil {
		return nil, fmt.Errorf("layer data: %w", err)
	}
	limit := int64(w.s.width) * int64(w.s.height) * 4
	out, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, fmt.Errorf("layer data: %w", err)
	}
	if int64(len(out)) > limit {
		return nil, fmt.Errorf("layer data inflates to more than %d bytes", limit)
	}
	return out, nil
}

// parseCSV reads CSV layer data: gids separated by commas and spaces.
func parseCSV(text []byte) ([]uint32, error) {
	var out []uint32
	for _, f := range strings.FieldsFunc(string(text), func(r rune) bool { return r == ',' || r == ' ' || r == '\n' || r == '\r' || r == '\t' }) {
		g, err := strconv.ParseUint(f, 10, 32)
		if err != nil {
			return nil, fmt.Errorf("%q in its data is not a tile gid", f)
		}
		if len(out) > MaxTiles {
			break
		}
		out = append(out, uint32(g))
	}
	return out, nil
}

// duplicateAttr returns the name of an attribute written twice, which
// go-tiled and this pre-scan could otherwise read differently. Like
// encoding/xml filling go-tiled's structs, it ignores namespace prefixes.
func duplicateAttr(t xml.StartElement) (string, bool) {
	seen := make(map[string]bool, len(t.Attr))
	for _, a := range t.Attr {
		if seen[a.Name.Local] {
			return a.Name.Local, true
		}
		seen[a.Name.Local] = true
	}
	return "", false
}

func attr(t xml.StartElement, name string) string {
	v, _ := attrOK(t, name)
	return v
}

func attrOK(t xml.StartElement, name string) (string, bool) {
	for _, a := range t.Attr {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

// validColorProperty reports whether v is a colour property value Tiled
// writes: empty (unset), #AARRGGBB or #RRGGBB. go-tiled's
// Properties.GetColor indexes past the end of six-digit values.
func validColorProperty(v string) bool {
	if v == "" {
		return true
	}
	return strings.HasPrefix(v, "#") && (len(v) == 7 || len(v) == 9) && isHex(v[1:])
}

// validHexAttr reports whether v is a colour attribute go-tiled reads:
// an optional # and 3, 4, 6 or 8 hex digits.
func validHexAttr(v string) bool {
	v = strings.TrimPrefix(v, "#")
	switch len(v) {
	case 3, 4, 6, 8:
		return isHex(v)
	}
	return false
}

func isHex(s string) bool {
	for _, c := range s {
		if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
			return false
		}
	}
	return true
}
