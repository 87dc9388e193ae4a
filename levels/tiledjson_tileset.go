package levels

import (
	"encoding/json"
	"fmt"
	"strings"
)

// jtileset is a tileset: a map's reference to a .tsj or .tsx (firstgid
// and source), a tileset embedded in a map, or a .tsj file.
type jtileset struct {
	FirstGID         jint              `json:"firstgid"`
	Source           string            `json:"source"`
	Name             string            `json:"name"`
	Class            string            `json:"class"`
	TileWidth        jint              `json:"tilewidth"`
	TileHeight       jint              `json:"tileheight"`
	Spacing          jint              `json:"spacing"`
	Margin           jint              `json:"margin"`
	TileCount        jint              `json:"tilecount"`
	Columns          jint              `json:"columns"`
	ObjectAlignment  string            `json:"objectalignment"`
	Image            string            `json:"image"`
	ImageWidth       jint              `json:"imagewidth"`
	ImageHeight      jint              `json:"imageheight"`
	TransparentColor string            `json:"transparentcolor"`
	TileOffset       *jpoint           `json:"tileoffset"`
	Properties       []jprop           `json:"properties"`
	Tiles            []json.RawMessage `json:"tiles"`
}

// jtile is one tile of a tileset with properties, a class, its own image,
// an animation or collision shapes.
type jtile struct {
	ID          jint    `json:"id"`
	Type        string  `json:"type"`
	Class       string  `json:"class"`
	Probability jnum    `json:"probability"`
	Properties  []jprop `json:"properties"`
	Image       string  `json:"image"`
	ImageWidth  jint    `json:"imagewidth"`
	ImageHeight jint    `json:"imageheight"`
	Animation   []struct {
		TileID   jint `json:"tileid"`
		Duration jint `json:"duration"`
	} `json:"animation"`
	ObjectGroup json.RawMessage `json:"objectgroup"`
}

// tileset writes a <tileset>: inMap for one in a map's list (which may
// be only a reference), else the root of a .tsj file.
func (c *jconv) tileset(data []byte, inMap bool) error {
	var t jtileset
	if err := decode(data, &t); err != nil {
		return err
	}
	c.b.WriteString("<tileset")
	if inMap {
		c.attr("firstgid", string(t.FirstGID))
	}
	if t.Source != "" {
		if !inMap {
			return fmt.Errorf("a tileset file refers to another (%q)", t.Source)
		}
		c.attr("source", t.Source)
		c.b.WriteString("/>\n")
		return nil
	}
	if !inMap {
		c.attr("version", "1.8")
	}
	c.attr("name", t.Name)
	c.attr("class", t.Class)
	c.attr("tilewidth", string(t.TileWidth))
	c.attr("tileheight", string(t.TileHeight))
	c.attr("spacing", string(t.Spacing))
	c.attr("margin", string(t.Margin))
	c.attr("tilecount", string(t.TileCount))
	c.attr("columns", string(t.Columns))
	c.attr("objectalignment", t.ObjectAlignment)
	c.b.WriteString(">\n")
	if t.TileOffset != nil {
		c.b.WriteString("<tileoffset")
		c.attr("x", string(t.TileOffset.X))
		c.attr("y", string(t.TileOffset.Y))
		c.b.WriteString("/>\n")
	}
	if err := c.properties(t.Properties); err != nil {
		return err
	}
	if t.Image != "" {
		c.image(t.Image, t.TransparentColor, t.ImageWidth, t.ImageHeight)
	}
	where := c.where
	for i, raw := range t.Tiles {
		if i >= MaxTilesetTiles {
			return fmt.Errorf("more than %d tiles have properties, images or animations", MaxTilesetTiles)
		}
		c.where = strings.TrimPrefix(fmt.Sprintf("%s: tile entry %d", where, i+1), ": ")
		var tl jtile
		if err := decode(raw, &tl); err != nil {
			return err
		}
		c.where = strings.TrimPrefix(fmt.Sprintf("%s: tile %s", where, tl.ID), ": ")
		if err := c.tile(&tl); err != nil {
			return err
		}
	}
	c.where = where
	c.b.WriteString("</tileset>\n")
	return nil
}

// image writes an <image>.
func (c *jconv) image(src, trans string, w, h jint) {
	c.b.WriteString("<image")
	c.attr("source", src)
	c.attr("trans", strings.TrimPrefix(trans, "#"))
	c.attr("width", string(w))
	c.attr("height", string(h))
	c.b.WriteString("/>\n")
}

func (c *jconv) tile(t *jtile) error {
	c.b.WriteString("<tile")
	c.attr("id", string(t.ID))
	c.attr("type", t.Type)
	c.attr("class", t.Class)
	c.attr("probability", string(t.Probability))
	c.b.WriteString(">\n")
	if err := c.properties(t.Properties); err != nil {
		return err
	}
	if t.Image != "" {
		c.image(t.Image, "", t.ImageWidth, t.ImageHeight)
	}
	if len(t.ObjectGroup) > 0 && string(t.ObjectGroup) != "null" {
		var l jlayer
		if err := decode(t.ObjectGroup, &l); err != nil {
			return fmt.Errorf("objectgroup: %w", err)
		}
		l.Type = "objectgroup"
		if err := c.layer(&l, 0); err != nil {
			return err
		}
	}
	if len(t.Animation) > MaxAnimFrames {
		return fmt.Errorf("the animation has %d frames (the limit is %d)", len(t.Animation), MaxAnimFrames)
	}
	if len(t.Animation) > 0 {
		c.b.WriteString("<animation>\n")
		for _, f := range t.Animation {
			c.b.WriteString("<frame")
			c.attr("tileid", string(f.TileID))
			c.attr("duration", string(f.Duration))
			c.b.WriteString("/>\n")
		}
		c.b.WriteString("</animation>\n")
	}
	c.b.WriteString("</tile>\n")
	return nil
}

// template writes a <template>: an object and the tileset its gid
// refers to.
func (c *jconv) template(data []byte) error {
	var t struct {
		Tileset json.RawMessage `json:"tileset"`
		Object  json.RawMessage `json:"object"`
	}
	if err := decode(data, &t); err != nil {
		return err
	}
	c.b.WriteString("<template>\n")
	if len(t.Tileset) > 0 && string(t.Tileset) != "null" {
		c.where = "tileset"
		if err := c.tileset(t.Tileset, true); err != nil {
			return err
		}
	}
	c.where = "object"
	if len(t.Object) == 0 || string(t.Object) == "null" {
		return fmt.Errorf("a template needs an \"object\"")
	}
	if err := c.objects([]json.RawMessage{t.Object}); err != nil {
		return err
	}
	c.where = ""
	c.b.WriteString("</template>\n")
	return nil
}
