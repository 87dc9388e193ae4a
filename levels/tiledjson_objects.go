package levels

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
)

// jpoint is one point of a polygon or polyline.
type jpoint struct {
	X jnum `json:"x"`
	Y jnum `json:"y"`
}

// jobject is one object; the pointers tell an attribute written from one
// left out, which decides what a template instance overrides.
type jobject struct {
	ID         *jint           `json:"id"`
	Name       *string         `json:"name"`
	Type       *string         `json:"type"`
	Class      *string         `json:"class"`
	X          *jnum           `json:"x"`
	Y          *jnum           `json:"y"`
	Width      *jnum           `json:"width"`
	Height     *jnum           `json:"height"`
	Rotation   *jnum           `json:"rotation"`
	GID        *jint           `json:"gid"`
	Visible    *bool           `json:"visible"`
	Template   *string         `json:"template"`
	Properties []jprop         `json:"properties"`
	Ellipse    bool            `json:"ellipse"`
	Point      bool            `json:"point"`
	Polygon    []jpoint        `json:"polygon"`
	Polyline   []jpoint        `json:"polyline"`
	Text       json.RawMessage `json:"text"`
}

// objects writes an object layer's objects.
func (c *jconv) objects(raws []json.RawMessage) error {
	where := c.where
	for i, raw := range raws {
		if c.nObjects++; c.nObjects > MaxObjects {
			return withFix(fmt.Errorf("the file has more than %d objects", MaxObjects), "split the map, or draw repeated cover as tiles of class Cover")
		}
		c.where = fmt.Sprintf("%s: object %d", where, i+1)
		var o jobject
		if err := decode(raw, &o); err != nil {
			var id struct {
				ID jint `json:"id"`
			}
			if json.Unmarshal(raw, &id) == nil && id.ID != "" {
				c.where = fmt.Sprintf("%s: object %s", where, id.ID)
			}
			return err
		}
		if o.ID != nil {
			c.where = fmt.Sprintf("%s: object %s", where, *o.ID)
			if o.Name != nil && *o.Name != "" {
				c.where += fmt.Sprintf(" %q", *o.Name)
			}
		}
		if err := c.object(&o); err != nil {
			return err
		}
	}
	c.where = where
	return nil
}

// optAttr writes an attribute the JSON has, even when empty.
func (c *jconv) optAttr(name string, v *string) {
	if v == nil {
		return
	}
	c.b.WriteString(" " + name + `="`)
	_ = xml.EscapeText(&c.b, []byte(*v))
	c.b.WriteByte('"')
}

func (c *jconv) object(o *jobject) error {
	c.b.WriteString("<object")
	num := func(name string, v *jnum) {
		if v != nil {
			c.attr(name, string(*v))
		}
	}
	if o.ID != nil {
		c.attr("id", string(*o.ID))
	}
	c.optAttr("name", o.Name)
	c.optAttr("type", o.Type)
	c.optAttr("class", o.Class)
	num("x", o.X)
	num("y", o.Y)
	num("width", o.Width)
	num("height", o.Height)
	num("rotation", o.Rotation)
	if o.GID != nil {
		c.attr("gid", string(*o.GID))
	}
	if o.Visible != nil {
		c.battr("visible", o.Visible)
	}
	c.optAttr("template", o.Template)
	c.b.WriteString(">\n")
	if err := c.properties(o.Properties); err != nil {
		return err
	}
	switch {
	case o.Ellipse:
		c.b.WriteString("<ellipse/>\n")
	case o.Point:
		c.b.WriteString("<point/>\n")
	case o.Polygon != nil:
		if err := c.shape("polygon", o.Polygon); err != nil {
			return err
		}
	case o.Polyline != nil:
		if err := c.shape("polyline", o.Polyline); err != nil {
			return err
		}
	case len(o.Text) > 0:
		var t struct {
			Text string `json:"text"`
			Wrap bool   `json:"wrap"`
		}
		if err := decode(o.Text, &t); err != nil {
			return fmt.Errorf("text: %w", err)
		}
		c.b.WriteString("<text")
		if t.Wrap {
			c.attr("wrap", "1")
		}
		c.b.WriteString(">")
		_ = xml.EscapeText(&c.b, []byte(t.Text))
		c.b.WriteString("</text>\n")
	}
	c.b.WriteString("</object>\n")
	return nil
}

// shape writes a polygon's or polyline's points, within the limits.
func (c *jconv) shape(tag string, pts []jpoint) error {
	if len(pts) > MaxShapePoints {
		return fmt.Errorf("%s has %d points, more than the limit of %d", tag, len(pts), MaxShapePoints)
	}
	if c.nPoints += len(pts); c.nPoints > MaxMapPoints {
		return fmt.Errorf("the file's polygons and polylines have more than %d points together", MaxMapPoints)
	}
	c.b.WriteString("<" + tag + ` points="`)
	for i, p := range pts {
		if i > 0 {
			c.b.WriteByte(' ')
		}
		c.b.WriteString(string(p.X) + "," + string(p.Y))
	}
	c.b.WriteString("\"/>\n")
	return nil
}
