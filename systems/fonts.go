package systems

import (
	"fmt"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"

	"sightline/assets"
)

// Fonts holds the game's two typefaces and the faces made from them.
type Fonts struct {
	// Seen, when set, is told every text Draw writes (tests read what
	// the screens show a player through it).
	Seen func(text string)

	regular, bold *opentype.Font
	faces         map[faceKey]text.Face
}

type faceKey struct {
	size float64
	bold bool
}

// NewFonts loads the embedded Go Regular and Go Bold fonts.
func NewFonts() (*Fonts, error) {
	r, err := opentype.Parse(assets.RegularTTF())
	if err != nil {
		return nil, fmt.Errorf("regular font: %w", err)
	}
	b, err := opentype.Parse(assets.BoldTTF())
	if err != nil {
		return nil, fmt.Errorf("bold font: %w", err)
	}
	return &Fonts{regular: r, bold: b, faces: map[faceKey]text.Face{}}, nil
}

// Face returns the face of the given pixel size, bold or regular.
func (f *Fonts) Face(size float64, bold bool) text.Face {
	k := faceKey{size, bold}
	if face, ok := f.faces[k]; ok {
		return face
	}
	src := f.regular
	if bold {
		src = f.bold
	}
	xf, err := opentype.NewFace(src, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		// The fonts parsed in NewFonts and the options are the package's
		// own: NewFace fails only for a size that cannot be drawn.
		xf, _ = opentype.NewFace(src, &opentype.FaceOptions{Size: 12, DPI: 72})
	}
	face := text.NewGoXFace(xf)
	f.faces[k] = face
	return face
}

// Align says where a text's anchor point is.
type Align int

// The anchors Draw understands.
const (
	// AlignLeft anchors the text's top-left corner.
	AlignLeft Align = iota
	// AlignCenter anchors the text's centre.
	AlignCenter
	// AlignRight anchors the text's top-right corner.
	AlignRight
)

// Draw writes s on dst at (x, y) in colour c. For AlignCenter (x, y) is the
// middle of the text; otherwise y is the top of the line.
func (f *Fonts) Draw(dst *ebiten.Image, s string, size float64, bold bool, x, y float64, c color.Color, a Align) {
	if f.Seen != nil {
		f.Seen(s)
	}
	op := &text.DrawOptions{}
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	switch a {
	case AlignCenter:
		op.PrimaryAlign, op.SecondaryAlign = text.AlignCenter, text.AlignCenter
	case AlignRight:
		op.PrimaryAlign = text.AlignEnd
	}
	text.Draw(dst, s, f.Face(size, bold), op)
}

// Width returns how wide s is drawn at the given size.
func (f *Fonts) Width(s string, size float64, bold bool) float64 {
	return text.Advance(s, f.Face(size, bold))
}
