package levels

import (
	"bytes"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
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
	root := "tileset"
	if strings.HasSuffix(name, ".tx") {
		root = "template"
	}
	w := &walker{fsys: fsys, file: name, root: root, s: &scan{}}
	return w.walk(data)
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
}

// frame is one open element and the context its errors name.
type frame struct {
	name string
	ctx  string
	node *layerNode // set for the layers of the map's layer tree
}

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

// data checks compressed layer data decompresses to no more than one
// 4-byte gid per tile, so go-tiled cannot be made to inflate a bomb.
func (w *walker) data(d *xml.Decoder, t xml.StartElement) error {
	comp := attr(t, "compression")
	if comp == "" || attr(t, "encoding") != "base64" {
		return nil
	}
	var text bytes.Buffer
	for depth := 0; depth >= 0; {
		tok, err := d.Token()
		if err != nil {
			return err
		}
		switch tok := tok.(type) {
		case xml.CharData:
			text.Write(tok)
		case xml.StartElement:
			depth++
		case xml.EndElement:
			depth--
		}
	}
	w.stack = w.stack[:len(w.stack)-1]
	raw := base64.NewDecoder(base64.StdEncoding, bytes.NewReader(bytes.TrimSpace(text.Bytes())))
	var r io.Reader
	var err error
	switch comp {
	case "zlib":
		r, err = zlib.NewReader(raw)
	case "gzip":
		r, err = gzip.NewReader(raw)
	default:
		return fmt.Errorf("layer compression %q is not supported (use CSV, zlib or gzip)", comp)
	}
	if err != nil {
		return fmt.Errorf("layer data: %w", err)
	}
	limit := int64(w.s.width) * int64(w.s.height) * 4
	n, err := io.Copy(io.Discard, io.LimitReader(r, limit+1))
	if err != nil {
		return fmt.Errorf("layer data: %w", err)
	}
	if n > limit {
		return fmt.Errorf("layer data inflates to more than %d bytes", limit)
	}
	return nil
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
