package levels

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
)

// Tiled's JSON formats (.tmj or .json maps, .tsj tilesets, .tj templates)
// are read by turning them into the TMX document Tiled would have saved,
// which then goes through the same pre-scan, limits and go-tiled read as a
// .tmx. Every JSON value is decoded into a typed field, so a string where
// a number goes, a fraction where a whole number goes or an unknown layer
// kind is an error naming the file, the layer and the object.

// isJSON reports whether a file's text is JSON (its first non-space byte
// opens an object or an array) rather than XML.
func isJSON(data []byte) bool {
	t := bytes.TrimSpace(data)
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

// jsonKind returns the root element a JSON file's "type" names: map,
// tileset or template.
func jsonKind(file string, data []byte) (string, error) {
	var h struct {
		Type string `json:"type"`
	}
	if err := json.Unmarshal(data, &h); err != nil {
		return "", fmt.Errorf("%s: %w", file, jsonError(err))
	}
	switch h.Type {
	case "map", "tileset", "template":
		return h.Type, nil
	case "":
		return "", fmt.Errorf("%s: a Tiled JSON file needs \"type\": \"map\", \"tileset\" or \"template\"", file)
	}
	return "", fmt.Errorf("%s: \"type\" is %q, want \"map\", \"tileset\" or \"template\"", file, h.Type)
}

// jsonToTMX converts a Tiled JSON file whose root must be want (map,
// tileset or template) into TMX.
func jsonToTMX(file, want string, data []byte) ([]byte, error) {
	kind, err := jsonKind(file, data)
	if err != nil {
		return nil, err
	}
	if kind != want {
		return nil, fmt.Errorf("%s: is a %s, not a %s: point the reference at a %s file", file, kind, want, auxExt[want])
	}
	c := &jconv{file: file}
	c.b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	switch kind {
	case "map":
		err = c.mapDoc(data)
	case "tileset":
		err = c.tileset(data, false)
	default:
		err = c.template(data)
	}
	if err != nil {
		if c.where != "" {
			return nil, fmt.Errorf("%s: %s: %w", file, c.where, err)
		}
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return c.b.Bytes(), nil
}

// jsonError words a decoding error for a designer: the field and what it
// holds instead of what it should.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field != "" {
			return fmt.Errorf("%q is a JSON %s, want %s", te.Field, te.Value, jsonWant(te.Type.String()))
		}
		return fmt.Errorf("a JSON %s where %s goes", te.Value, jsonWant(te.Type.String()))
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("not valid JSON at byte %d: %v", se.Offset, se)
	}
	return fmt.Errorf("not valid JSON: %v", err)
}

// jsonWant names a Go type as JSON.
func jsonWant(t string) string {
	switch {
	case t == "levels.jint":
		return "a whole number from 0 to 4294967295"
	case t == "levels.jnum":
		return "a finite number"
	case t == "string":
		return "a string"
	case t == "bool":
		return "true or false"
	case strings.HasPrefix(t, "[]"):
		return "an array"
	}
	return "an object"
}

// jnum is a JSON number that must be finite and of sane size; it keeps
// the number as text for the TMX.
type jnum string

// jint is a JSON whole number from 0 to 2^32-1 (ids, gids, sizes).
type jint string

var (
	jnumType = reflect.TypeOf(jnum(""))
	jintType = reflect.TypeOf(jint(""))
)

// UnmarshalJSON implements json.Unmarshaler.
func (n *jnum) UnmarshalJSON(b []byte) error {
	f, err := jsonNumber(b, jnumType)
	if err != nil {
		return err
	}
	*n = jnum(strconv.FormatFloat(f, 'f', -1, 64))
	return nil
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *jint) UnmarshalJSON(b []byte) error {
	f, err := jsonNumber(b, jintType)
	if err != nil {
		return err
	}
	if f != math.Trunc(f) || f < 0 || f > math.MaxUint32 {
		return &json.UnmarshalTypeError{Value: "number " + cutJSON(b), Type: jintType}
	}
	*n = jint(strconv.FormatFloat(f, 'f', -1, 64))
	return nil
}

// jsonNumber reads a JSON number of at most 1e15 in size, refusing any
// other JSON value as a type error for the field.
func jsonNumber(b []byte, t reflect.Type) (float64, error) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || !(b[0] == '-' || (b[0] >= '0' && b[0] <= '9')) {
		what := "value"
		switch {
		case len(b) > 0 && b[0] == '"':
			what = "string"
		case len(b) > 0 && (b[0] == 't' || b[0] == 'f'):
			what = "bool"
		case len(b) > 0 && b[0] == 'n':
			what = "null"
		case len(b) > 0 && b[0] == '[':
			what = "array"
		case len(b) > 0 && b[0] == '{':
			what = "object"
		}
		return 0, &json.UnmarshalTypeError{Value: what, Type: t}
	}
	f, err := strconv.ParseFloat(string(b), 64)
	if err != nil || math.IsInf(f, 0) || math.IsNaN(f) || math.Abs(f) > 1e15 {
		return 0, &json.UnmarshalTypeError{Value: "number " + cutJSON(b), Type: t}
	}
	return f, nil
}

// cutJSON quotes at most 40 bytes of a JSON value.
func cutJSON(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "…"
	}
	return string(b)
}

// jconv writes one TMX document.
type jconv struct {
	file  string
	b     bytes.Buffer
	where string
	// objects and points count the file's objects and shape points, so
	// that a huge file stops before it is all converted.
	nObjects, nPoints int
}

// attr writes name="value" when value is not empty.
func (c *jconv) attr(name, value string) {
	if value == "" {
		return
	}
	c.b.WriteString(" " + name + `="`)
	_ = xml.EscapeText(&c.b, []byte(value))
	c.b.WriteByte('"')
}

// battr writes a boolean attribute as 0 or 1 when set.
func (c *jconv) battr(name string, v *bool) {
	if v == nil {
		return
	}
	c.attr(name, map[bool]string{false: "0", true: "1"}[*v])
}

// decode decodes raw into v, wording the error.
func decode(raw []byte, v any) error {
	if err := json.Unmarshal(raw, v); err != nil {
		return jsonError(err)
	}
	return nil
}

// jprop is one property.
type jprop struct {
	Name         string          `json:"name"`
	Type         string          `json:"type"`
	PropertyType string          `json:"propertytype"`
	Value        json.RawMessage `json:"value"`
}

// properties writes a <properties> element.
func (c *jconv) properties(ps []jprop) error {
	if len(ps) == 0 {
		return nil
	}
	c.b.WriteString("<properties>\n")
	for _, p := range ps {
		v, err := propValue(p)
		if err != nil {
			return fmt.Errorf("property %q: %w", p.Name, err)
		}
		c.b.WriteString("<property")
		c.attr("name", p.Name)
		if p.Type != "string" {
			c.attr("type", p.Type)
		}
		c.attr("propertytype", p.PropertyType)
		c.b.WriteString(` value="`)
		_ = xml.EscapeText(&c.b, []byte(v))
		c.b.WriteString("\"/>\n")
	}
	c.b.WriteString("</properties>\n")
	return nil
}

// propValue returns a property's value as TMX text.
func propValue(p jprop) (string, error) {
	raw := bytes.TrimSpace(p.Value)
	if len(raw) == 0 || string(raw) == "null" {
		return "", nil
	}
	switch raw[0] {
	case '"':
		var s string
		if err := decode(raw, &s); err != nil {
			return "", err
		}
		return s, nil
	case 't', 'f':
		var b bool
		if err := decode(raw, &b); err != nil {
			return "", err
		}
		return strconv.FormatBool(b), nil
	case '{', '[':
		return "", withFix(errors.New("class and list values are not read"), "set the members as properties of their own")
	}
	var n jnum
	if err := decode(raw, &n); err != nil {
		return "", err
	}
	return string(n), nil
}

// jmap is a map's header; its layers and tilesets are decoded one by one
// so that an error names the one at fault.
type jmap struct {
	Version         json.RawMessage   `json:"version"`
	TiledVersion    string            `json:"tiledversion"`
	Class           string            `json:"class"`
	Orientation     string            `json:"orientation"`
	RenderOrder     string            `json:"renderorder"`
	Width           jint              `json:"width"`
	Height          jint              `json:"height"`
	TileWidth       jint              `json:"tilewidth"`
	TileHeight      jint              `json:"tileheight"`
	Infinite        *bool             `json:"infinite"`
	BackgroundColor string            `json:"backgroundcolor"`
	NextLayerID     jint              `json:"nextlayerid"`
	NextObjectID    jint              `json:"nextobjectid"`
	Properties      []jprop           `json:"properties"`
	Tilesets        []json.RawMessage `json:"tilesets"`
	Layers          []json.RawMessage `json:"layers"`
}

func (c *jconv) mapDoc(data []byte) error {
	var m jmap
	if err := decode(data, &m); err != nil {
		return err
	}
	c.b.WriteString("<map")
	c.attr("version", "1.8")
	c.attr("tiledversion", m.TiledVersion)
	c.attr("class", m.Class)
	c.attr("orientation", m.Orientation)
	c.attr("renderorder", m.RenderOrder)
	c.attr("width", string(m.Width))
	c.attr("height", string(m.Height))
	c.attr("tilewidth", string(m.TileWidth))
	c.attr("tileheight", string(m.TileHeight))
	c.battr("infinite", m.Infinite)
	c.attr("backgroundcolor", m.BackgroundColor)
	c.attr("nextlayerid", string(m.NextLayerID))
	c.attr("nextobjectid", string(m.NextObjectID))
	c.b.WriteString(">\n")
	c.where = "map properties"
	if err := c.properties(m.Properties); err != nil {
		return err
	}
	for i, raw := range m.Tilesets {
		c.where = fmt.Sprintf("tileset %d", i+1)
		if err := c.tileset(raw, true); err != nil {
			return err
		}
	}
	c.where = ""
	if err := c.layers(m.Layers, 0); err != nil {
		return err
	}
	c.b.WriteString("</map>\n")
	return nil
}

// jlayer is one layer of any kind.
type jlayer struct {
	Type             string            `json:"type"`
	ID               jint              `json:"id"`
	Name             string            `json:"name"`
	Class            string            `json:"class"`
	Width            jint              `json:"width"`
	Height           jint              `json:"height"`
	Opacity          *jnum             `json:"opacity"`
	Visible          *bool             `json:"visible"`
	OffsetX          jnum              `json:"offsetx"`
	OffsetY          jnum              `json:"offsety"`
	ParallaxX        jnum              `json:"parallaxx"`
	ParallaxY        jnum              `json:"parallaxy"`
	TintColor        string            `json:"tintcolor"`
	Color            string            `json:"color"`
	DrawOrder        string            `json:"draworder"`
	Properties       []jprop           `json:"properties"`
	Data             json.RawMessage   `json:"data"`
	Chunks           json.RawMessage   `json:"chunks"`
	Encoding         string            `json:"encoding"`
	Compression      string            `json:"compression"`
	Objects          []json.RawMessage `json:"objects"`
	Layers           []json.RawMessage `json:"layers"`
	Image            string            `json:"image"`
	TransparentColor string            `json:"transparentcolor"`
}

// layers writes the layers of a map or a group, depth groups deep.
func (c *jconv) layers(raws []json.RawMessage, depth int) error {
	for i, raw := range raws {
		var l jlayer
		c.where = fmt.Sprintf("layer %d", i+1)
		if err := decode(raw, &l); err != nil {
			return err
		}
		c.where = fmt.Sprintf("layer %q", l.Name)
		if err := c.layer(&l, depth); err != nil {
			return err
		}
	}
	return nil
}

// layerTags are the TMX elements of the JSON layer types.
var layerTags = map[string]string{"tilelayer": "layer", "objectgroup": "objectgroup", "imagelayer": "imagelayer", "group": "group"}

func (c *jconv) layer(l *jlayer, depth int) error {
	tag, ok := layerTags[l.Type]
	if !ok {
		return fmt.Errorf("\"type\" is %q, want tilelayer, objectgroup, imagelayer or group", l.Type)
	}
	if len(l.Chunks) > 0 {
		return errors.New("infinite maps are not supported")
	}
	c.b.WriteString("<" + tag)
	c.attr("id", string(l.ID))
	c.attr("name", l.Name)
	c.attr("class", l.Class)
	if tag == "layer" {
		c.attr("width", string(l.Width))
		c.attr("height", string(l.Height))
	}
	if tag == "objectgroup" {
		c.attr("color", l.Color)
		c.attr("draworder", l.DrawOrder)
	}
	if l.Opacity != nil {
		c.attr("opacity", string(*l.Opacity))
	}
	if l.Visible != nil && !*l.Visible {
		c.attr("visible", "0")
	}
	c.attr("offsetx", string(l.OffsetX))
	c.attr("offsety", string(l.OffsetY))
	c.attr("parallaxx", string(l.ParallaxX))
	c.attr("parallaxy", string(l.ParallaxY))
	c.attr("tintcolor", l.TintColor)
	c.b.WriteString(">\n")
	if err := c.properties(l.Properties); err != nil {
		return err
	}
	where := c.where
	switch tag {
	case "layer":
		if err := c.tileData(l); err != nil {
			return err
		}
	case "objectgroup":
		if err := c.objects(l.Objects); err != nil {
			return err
		}
	case "imagelayer":
		if l.Image != "" {
			c.b.WriteString("<image")
			c.attr("source", l.Image)
			c.attr("trans", strings.TrimPrefix(l.TransparentColor, "#"))
			c.b.WriteString("/>\n")
		}
	case "group":
		if depth >= MaxGroupDepth {
			return fmt.Errorf("groups nest more than %d deep", MaxGroupDepth)
		}
		if err := c.layers(l.Layers, depth+1); err != nil {
			return err
		}
	}
	c.where = where
	c.b.WriteString("</" + tag + ">\n")
	return nil
}

// tileData writes a tile layer's data: an array of gids as CSV, or
// base64 text as it is.
func (c *jconv) tileData(l *jlayer) error {
	raw := bytes.TrimSpace(l.Data)
	if len(raw) > 0 && raw[0] == '"' {
		if l.Encoding != "base64" {
			return fmt.Errorf("\"data\" is a string but \"encoding\" is %q, not base64", l.Encoding)
		}
		var s string
		if err := decode(raw, &s); err != nil {
			return err
		}
		c.b.WriteString("<data")
		c.attr("encoding", "base64")
		c.attr("compression", l.Compression)
		c.b.WriteString(">")
		_ = xml.EscapeText(&c.b, []byte(s))
		c.b.WriteString("</data>\n")
		return nil
	}
	var gids []jint
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &gids); err != nil {
			var te *json.UnmarshalTypeError
			if errors.As(err, &te) && te.Type == jintType {
				return fmt.Errorf("\"data\" holds a JSON %s, want gids (whole numbers from 0 to 4294967295)", te.Value)
			}
			return fmt.Errorf("\"data\": %w", jsonError(err))
		}
	}
	c.b.WriteString("<data encoding=\"csv\">\n")
	for i, g := range gids {
		if i > 0 {
			c.b.WriteByte(',')
		}
		c.b.WriteString(string(g))
	}
	c.b.WriteString("\n</data>\n")
	return nil
}
