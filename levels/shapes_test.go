package levels

import (
	"math"
	"reflect"
	"strings"
	"testing"

	"sightline/rules"
)

// round returns the shape with coordinates rounded to 1/1000 pixel, so
// rotated shapes compare exactly.
func round(s rules.Shape) rules.Shape {
	r := func(v float64) float64 { return math.Round(v*1000) / 1000 }
	out := rules.Shape{Kind: s.Kind, Center: rules.Vec{X: r(s.Center.X), Y: r(s.Center.Y)}, Radius: r(s.Radius)}
	for _, p := range s.Points {
		out.Points = append(out.Points, rules.Vec{X: r(p.X), Y: r(p.Y)})
	}
	return out
}

func TestObjectShapes(t *testing.T) {
	v := func(x, y float64) rules.Vec { return rules.Vec{X: x, Y: y} }
	tests := []struct {
		name, object string
		want         rules.Shape
	}{
		{"rectangle", `x="64" y="32" width="40" height="8"`, rules.RectShape(64, 32, 40, 8)},
		{"rectangle turned 90° clockwise about its top-left corner", `x="64" y="32" width="40" height="8" rotation="90"`,
			rules.PolygonShape([]rules.Vec{v(64, 32), v(64, 72), v(56, 72), v(56, 32)})},
		{"polygon in absolute points", `x="64" y="32"><polygon points="0,0 20,0 10,15"/></object`,
			rules.PolygonShape([]rules.Vec{v(64, 32), v(84, 32), v(74, 47)})},
		{"polygon turned 180°", `x="64" y="96" rotation="180"><polygon points="0,0 20,0 10,15"/></object`,
			rules.PolygonShape([]rules.Vec{v(64, 96), v(44, 96), v(54, 81)})},
		{"round ellipse is a circle", `x="64" y="32" width="30" height="32"><ellipse/></object`,
			rules.CircleShape(v(79, 48), 15.5)},
		{"circle turned about its corner", `x="64" y="32" width="32" height="32" rotation="90"><ellipse/></object`,
			rules.CircleShape(v(48, 48), 16)},
		{"tile object is anchored bottom-left", `x="64" y="96" width="32" height="32" gid="18"`, rules.RectShape(64, 64, 32, 32)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj := `<object id="5" name="o" type="Cover" ` + tt.object + `/>`
			obj = strings.Replace(obj, "</object/>", "</object>", 1)
			body := ` <objectgroup id="2" name="cover">` + obj + `</objectgroup>`
			lv, err := Load(levelFS(t, map[string]string{"maps/t.tmx": tmx(8, 8, body)}), "maps/t.tmx")
			if err != nil {
				t.Fatal(err)
			}
			have := round(lv.State.Board.Obstacle(5).Shape)
			if !reflect.DeepEqual(have, round(tt.want)) {
				t.Errorf("have %+v\nwant %+v", have, tt.want)
			}
		})
	}
}

func TestEllipsePolygon(t *testing.T) {
	body := ` <objectgroup id="2" name="cover"><object id="5" type="Cover" x="64" y="64" width="64" height="16"><ellipse/></object></objectgroup>`
	lv, err := Load(levelFS(t, map[string]string{"maps/t.tmx": tmx(8, 8, body)}), "maps/t.tmx")
	if err != nil {
		t.Fatal(err)
	}
	s := lv.State.Board.Obstacle(5).Shape
	min, max := s.Bounds()
	if s.Kind != rules.ShapePolygon || round(rules.Shape{Points: []rules.Vec{min, max}}).Points[0] != (rules.Vec{X: 64, Y: 64}) ||
		math.Abs(max.X-128) > 1e-9 || math.Abs(max.Y-80) > 1e-9 || !s.Contains(rules.Vec{X: 96, Y: 72}) || s.Contains(rules.Vec{X: 66, Y: 66}) {
		t.Errorf("64×16 ellipse: %+v", s)
	}
}

// Template instances override their template exactly where they carry an
// attribute; the size only with both width and height, as Tiled does.
func TestTemplateMerge(t *testing.T) {
	tx := `<?xml version="1.0" encoding="UTF-8"?>
<template>
 <object name="slab" type="Cover" width="64" height="16" rotation="90">
  <properties>
   <property name="height" value="low"/>
   <property name="material" value="brick"/>
   <property name="de" type="int" value="7"/>
  </properties>
 </object>
</template>`
	tests := []struct {
		name, attrs, props string
		want               rules.Obstacle
	}{
		{"template as is", ``, ``, rules.Obstacle{Name: "slab", Material: "brick", Height: 2, DE: 7,
			Shape: rules.PolygonShape([]rules.Vec{{X: 96, Y: 96}, {X: 96, Y: 160}, {X: 80, Y: 160}, {X: 80, Y: 96}})}},
		{"own name, rotation 0 and size", `name="mine" rotation="0" width="32" height="32"`, ``,
			rules.Obstacle{Name: "mine", Material: "brick", Height: 2, DE: 7, Shape: rules.RectShape(96, 96, 32, 32)}},
		{"width alone does not resize", `rotation="0" width="32"`, ``,
			rules.Obstacle{Name: "slab", Material: "brick", Height: 2, DE: 7, Shape: rules.RectShape(96, 96, 64, 16)}},
		{"own properties win; unset ones come from the material", `rotation="0"`,
			`<properties><property name="material" value="glass"/><property name="height" value="full"/></properties>`,
			rules.Obstacle{Name: "slab", Material: "glass", Height: 5, DE: 7, Shape: rules.RectShape(96, 96, 64, 16)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := ` <objectgroup id="2" name="cover"><object id="5" template="../templates/slab.tx" x="96" y="96" ` + tt.attrs + `>` + tt.props + `</object></objectgroup>`
			lv, err := Load(levelFS(t, map[string]string{"maps/t.tmx": tmx(8, 8, body), "templates/slab.tx": tx}), "maps/t.tmx")
			if err != nil {
				t.Fatal(err)
			}
			o := lv.State.Board.Obstacle(5)
			have := rules.Obstacle{Name: o.Name, Material: o.Material, Height: o.Height, DE: o.DE, Shape: round(o.Shape)}
			want := tt.want
			want.Shape = round(want.Shape)
			if !reflect.DeepEqual(have, want) {
				t.Errorf("have %+v\nwant %+v", have, want)
			}
			if o.Material == "glass" && (o.BlocksSight || !o.BlocksEffect) {
				t.Errorf("glass should block effect only: %+v", *o)
			}
		})
	}
}

// A map may not make the loader parse one large template once per object.
func TestLoadBudget(t *testing.T) {
	tx := `<?xml version="1.0" encoding="UTF-8"?>
<!--` + strings.Repeat("x", 1<<20) + `-->
<template><object name="crate" type="Cover" width="32" height="32"/></template>`
	var objs strings.Builder
	for i := 0; i < 17; i++ {
		objs.WriteString(`<object id="` + itoa(10+i) + `" template="../templates/big.tx" x="64" y="64"/>`)
	}
	body := ` <objectgroup id="2" name="cover">` + objs.String() + `</objectgroup>`
	_, err := Load(levelFS(t, map[string]string{"maps/t.tmx": tmx(8, 8, body), "templates/big.tx": tx}), "maps/t.tmx")
	if err == nil || !strings.Contains(err.Error(), "maps/t.tmx: templates/big.tx: the files read for this map add up to more than 16777216 bytes") {
		t.Errorf("have %v", err)
	}
}
