// Command tilegen draws the terrain tileset, levels/tilesets/terrain.png:
// 32×32 top-down tiles, 8 columns by 3 rows, textured with deterministic
// noise so every run writes the same picture. Run it from the module root:
//
//	go run ./levels/internal/tilegen
//
// The tile ids (row by row) must match levels/tilesets/terrain.tsx.
package main

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
)

// size is the side of a tile in pixels; cols the tiles per row.
const (
	size = 32
	cols = 8
)

// tiles lists the painters in tile-id order.
var tiles = []func(*canvas){
	grass, flowers, tallGrass, dirt, mud, sand, road, roadLine,
	floor, cracked, planks, metal, water, shallows, roof, stairs,
	brick, concreteWall, hedge, rubble, crater, bush, oil, gravel,
}

func main() {
	out := flag.String("o", "levels/tilesets/terrain.png", "output PNG")
	flag.Parse()
	rows := (len(tiles) + cols - 1) / cols
	img := image.NewNRGBA(image.Rect(0, 0, cols*size, rows*size))
	for i, paint := range tiles {
		paint(&canvas{img: img, ox: i % cols * size, oy: i / cols * size, seed: uint32(i + 1)})
	}
	f, err := os.Create(*out)
	if err != nil {
		log.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// canvas is one tile of the sheet.
type canvas struct {
	img    *image.NRGBA
	ox, oy int
	seed   uint32
}

// set paints pixel (x, y) of the tile, wrapping so patterns tile seamlessly.
func (c *canvas) set(x, y int, col color.NRGBA) {
	x, y = (x%size+size)%size, (y%size+size)%size
	c.img.SetNRGBA(c.ox+x, c.oy+y, col)
}

// get returns pixel (x, y) of the tile.
func (c *canvas) get(x, y int) color.NRGBA {
	x, y = (x%size+size)%size, (y%size+size)%size
	return c.img.NRGBAAt(c.ox+x, c.oy+y)
}

// blend paints col over pixel (x, y) with opacity a.
func (c *canvas) blend(x, y int, col color.NRGBA, a float64) {
	b := c.get(x, y)
	if b.A == 0 {
		col.A = uint8(a * 255)
		c.set(x, y, col)
		return
	}
	mix := func(p, q uint8) uint8 { return uint8(float64(p)*(1-a) + float64(q)*a) }
	c.set(x, y, color.NRGBA{mix(b.R, col.R), mix(b.G, col.G), mix(b.B, col.B), b.A})
}

// hash returns a deterministic pseudo-random number in [0, 1).
func hash(x, y int, seed uint32) float64 {
	h := uint32(x)*0x8da6b343 ^ uint32(y)*0xd8163841 ^ seed*0xcb1ab31f
	h ^= h >> 13
	h *= 0x5bd1e995
	h ^= h >> 15
	return float64(h&0xffffff) / (1 << 24)
}

// noise is value noise with lattice spacing cell, periodic over the tile.
func (c *canvas) noise(x, y, cell int) float64 {
	n := size / cell
	gx, gy := x/cell, y/cell
	fx, fy := float64(x%cell)/float64(cell), float64(y%cell)/float64(cell)
	fx, fy = fx*fx*(3-2*fx), fy*fy*(3-2*fy)
	at := func(i, j int) float64 { return hash(i%n, j%n, c.seed+uint32(cell)) }
	top := at(gx, gy)*(1-fx) + at(gx+1, gy)*fx
	bot := at(gx, gy+1)*(1-fx) + at(gx+1, gy+1)*fx
	return top*(1-fy) + bot*fy
}

// rnd returns a deterministic number in [0, 1) for the i-th draw.
func (c *canvas) rnd(i int) float64 { return hash(i, 7919, c.seed) }

// shade scales a colour's brightness by f.
func shade(col color.NRGBA, f float64) color.NRGBA {
	s := func(v uint8) uint8 { return uint8(math.Max(0, math.Min(255, float64(v)*f))) }
	return color.NRGBA{s(col.R), s(col.G), s(col.B), col.A}
}

// textured fills the tile with base, varied by large and fine noise.
func (c *canvas) textured(base color.NRGBA, big, fine float64) {
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			f := 1 + big*(c.noise(x, y, 8)-0.5) + big/2*(c.noise(x, y, 4)-0.5) + fine*(hash(x, y, c.seed)-0.5)
			c.set(x, y, shade(base, f))
		}
	}
}

// speckle scatters n dots of col.
func (c *canvas) speckle(n, from int, col color.NRGBA, a float64) {
	for i := 0; i < n; i++ {
		x, y := int(c.rnd(from+2*i)*size), int(c.rnd(from+2*i+1)*size)
		c.blend(x, y, col, a)
	}
}

// disc paints a filled circle.
func (c *canvas) disc(cx, cy, r float64, col color.NRGBA, a float64) {
	for y := int(cy - r - 1); y <= int(cy+r+1); y++ {
		for x := int(cx - r - 1); x <= int(cx+r+1); x++ {
			dx, dy := float64(x)+0.5-cx, float64(y)+0.5-cy
			if dx*dx+dy*dy <= r*r {
				c.blend(x, y, col, a)
			}
		}
	}
}

// line paints a 1-pixel line.
func (c *canvas) line(x0, y0, x1, y1 float64, col color.NRGBA, a float64) {
	n := int(math.Max(math.Abs(x1-x0), math.Abs(y1-y0))) + 1
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		c.blend(int(x0+(x1-x0)*t), int(y0+(y1-y0)*t), col, a)
	}
}

// bevel lightens the top and left edges and darkens the bottom and right,
// so the tile reads as raised.
func (c *canvas) bevel(w int, light, dark float64) {
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			p := c.get(x, y)
			switch {
			case x < w || y < w:
				c.set(x, y, shade(p, light))
			case x >= size-w || y >= size-w:
				c.set(x, y, shade(p, dark))
			}
		}
	}
}

var (
	black = color.NRGBA{20, 20, 18, 255}
	white = color.NRGBA{240, 240, 230, 255}
)

func grass(c *canvas) {
	c.textured(color.NRGBA{78, 118, 54, 255}, 0.25, 0.12)
	c.speckle(60, 0, color.NRGBA{40, 80, 30, 255}, 0.6)
	c.speckle(40, 200, color.NRGBA{130, 170, 80, 255}, 0.5)
}

func flowers(c *canvas) {
	grass(c)
	cols := []color.NRGBA{{240, 220, 80, 255}, white, {220, 90, 90, 255}}
	for i := 0; i < 7; i++ {
		x, y := c.rnd(500+2*i)*size, c.rnd(501+2*i)*size
		c.disc(x, y, 1.3, cols[i%3], 0.95)
	}
}

func tallGrass(c *canvas) {
	for i := 0; i < 40; i++ {
		x, y := c.rnd(2*i)*size, c.rnd(2*i+1)*size
		h := 4 + c.rnd(100+i)*5
		col := shade(color.NRGBA{90, 140, 60, 255}, 0.7+0.5*c.rnd(200+i))
		c.line(x, y, x+(c.rnd(300+i)-0.5)*3, y-h, col, 0.9)
	}
}

func dirt(c *canvas) {
	c.textured(color.NRGBA{128, 98, 64, 255}, 0.3, 0.15)
	c.speckle(25, 0, color.NRGBA{90, 70, 50, 255}, 0.8)
	c.speckle(15, 100, color.NRGBA{170, 150, 120, 255}, 0.7)
}

func mud(c *canvas) {
	c.textured(color.NRGBA{84, 64, 44, 255}, 0.35, 0.1)
	for i := 0; i < 4; i++ {
		c.disc(c.rnd(2*i)*size, c.rnd(2*i+1)*size, 2+2*c.rnd(50+i), color.NRGBA{110, 120, 120, 255}, 0.35)
	}
}

func sand(c *canvas) {
	c.textured(color.NRGBA{200, 180, 124, 255}, 0.15, 0.12)
	c.speckle(30, 0, color.NRGBA{160, 140, 100, 255}, 0.5)
}

func road(c *canvas) {
	c.textured(color.NRGBA{66, 66, 70, 255}, 0.12, 0.25)
	c.speckle(30, 0, color.NRGBA{110, 110, 110, 255}, 0.6)
}

func roadLine(c *canvas) {
	road(c)
	for y := 4; y < 28; y++ {
		for x := 15; x < 17; x++ {
			c.blend(x, y, color.NRGBA{230, 200, 70, 255}, 0.85)
		}
	}
}

func floor(c *canvas) {
	c.textured(color.NRGBA{156, 156, 150, 255}, 0.1, 0.1)
	for i := 0; i < size; i++ {
		c.blend(i, 0, black, 0.3)
		c.blend(0, i, black, 0.3)
		c.blend(i, 16, black, 0.25)
		c.blend(16, i, black, 0.25)
	}
}

func cracked(c *canvas) {
	floor(c)
	x, y := 3.0, 5.0
	for i := 0; i < 8; i++ {
		nx, ny := x+2+c.rnd(10+i)*4, y+c.rnd(30+i)*6-1
		c.line(x, y, nx, ny, black, 0.7)
		x, y = nx, ny
	}
	c.line(14, 12, 10, 26, black, 0.6)
}

func planks(c *canvas) {
	c.textured(color.NRGBA{138, 96, 56, 255}, 0.15, 0.1)
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			g := 0.08 * math.Sin(float64(x)*0.7+hash(0, y, c.seed)*6)
			p := c.get(x, y)
			c.set(x, y, shade(p, 1+g))
		}
	}
	for i := 0; i < size; i++ {
		for _, y := range []int{0, 8, 16, 24} {
			c.blend(i, y, black, 0.5)
		}
	}
	for _, p := range [][2]int{{10, 1}, {26, 9}, {5, 17}, {19, 25}} {
		for y := p[1]; y < p[1]+7; y++ {
			c.blend(p[0], y, black, 0.45)
		}
	}
}

func metal(c *canvas) {
	c.textured(color.NRGBA{112, 118, 126, 255}, 0.08, 0.08)
	for y := 2; y < size; y += 8 {
		for x := 2; x < size; x += 8 {
			off := (y / 8 % 2) * 4
			c.line(float64(x+off), float64(y+3), float64(x+off+3), float64(y), white, 0.35)
		}
	}
	c.bevel(1, 1.2, 0.7)
}

func water(c *canvas) {
	c.textured(color.NRGBA{40, 84, 140, 255}, 0.25, 0.05)
	for i := 0; i < 6; i++ {
		x, y := c.rnd(2*i)*size, c.rnd(2*i+1)*size
		c.line(x, y, x+5, y-1, color.NRGBA{150, 190, 230, 255}, 0.5)
	}
}

func shallows(c *canvas) {
	c.textured(color.NRGBA{84, 132, 150, 255}, 0.3, 0.06)
	c.speckle(20, 0, color.NRGBA{200, 180, 124, 255}, 0.4)
	for i := 0; i < 4; i++ {
		x, y := c.rnd(40+2*i)*size, c.rnd(41+2*i)*size
		c.line(x, y, x+4, y, color.NRGBA{180, 210, 230, 255}, 0.5)
	}
}

func roof(c *canvas) {
	c.textured(color.NRGBA{150, 84, 64, 255}, 0.12, 0.08)
	for y := 0; y < size; y += 6 {
		for x := 0; x < size; x++ {
			c.blend(x, y, black, 0.35)
		}
	}
	c.bevel(2, 1.25, 0.65)
}

func stairs(c *canvas) {
	for y := 0; y < size; y++ {
		step := y / 6
		f := 0.7 + 0.08*float64(step)
		for x := 0; x < size; x++ {
			c.set(x, y, shade(color.NRGBA{150, 146, 136, 255}, f+0.06*(hash(x, y, c.seed)-0.5)))
		}
		if y%6 == 0 {
			for x := 0; x < size; x++ {
				c.blend(x, y, white, 0.4)
			}
		}
	}
	for y := 0; y < size; y++ {
		c.blend(0, y, black, 0.5)
		c.blend(size-1, y, black, 0.5)
	}
}

func brick(c *canvas) {
	mortar := color.NRGBA{190, 180, 165, 255}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			row := y / 8
			bx := (x + row%2*8) % 16
			if y%8 == 0 || bx == 0 {
				c.set(x, y, shade(mortar, 0.9+0.1*hash(x, y, c.seed)))
				continue
			}
			bid := (x + row%2*8) / 16
			f := 0.85 + 0.3*hash(bid, row, c.seed) + 0.1*(hash(x, y, c.seed)-0.5)
			c.set(x, y, shade(color.NRGBA{156, 70, 48, 255}, f))
		}
	}
	c.bevel(2, 1.2, 0.6)
}

func concreteWall(c *canvas) {
	c.textured(color.NRGBA{170, 170, 164, 255}, 0.1, 0.14)
	c.speckle(20, 0, color.NRGBA{90, 90, 90, 255}, 0.5)
	for i := 0; i < size; i++ {
		c.blend(i, 15, black, 0.35)
	}
	c.bevel(3, 1.2, 0.55)
}

func hedge(c *canvas) {
	c.textured(color.NRGBA{40, 86, 36, 255}, 0.2, 0.1)
	for i := 0; i < 26; i++ {
		x, y := c.rnd(2*i)*size, c.rnd(2*i+1)*size
		c.disc(x, y, 2+2*c.rnd(100+i), shade(color.NRGBA{60, 120, 50, 255}, 0.8+0.5*c.rnd(200+i)), 0.8)
	}
	c.bevel(1, 1.15, 0.6)
}

func rubble(c *canvas) {
	for i := 0; i < 14; i++ {
		x, y := 4+c.rnd(2*i)*24, 4+c.rnd(2*i+1)*24
		g := shade(color.NRGBA{140, 136, 128, 255}, 0.7+0.5*c.rnd(100+i))
		c.disc(x, y, 1.5+2*c.rnd(200+i), g, 1)
		c.disc(x+1, y+1, 1, black, 0.4)
	}
}

func crater(c *canvas) {
	c.disc(16, 16, 12, color.NRGBA{70, 56, 40, 255}, 0.8)
	c.disc(15, 15, 8, color.NRGBA{40, 32, 24, 255}, 0.8)
	c.disc(13, 13, 3, color.NRGBA{120, 100, 80, 255}, 0.4)
}

func bush(c *canvas) {
	for i := 0; i < 14; i++ {
		a := c.rnd(i) * 2 * math.Pi
		r := 3 + 6*c.rnd(50+i)
		c.disc(16+r*math.Cos(a), 16+r*math.Sin(a), 3+2*c.rnd(100+i), shade(color.NRGBA{50, 110, 44, 255}, 0.7+0.6*c.rnd(200+i)), 1)
	}
}

func oil(c *canvas) {
	c.disc(14, 17, 7, color.NRGBA{20, 20, 24, 255}, 0.55)
	c.disc(20, 13, 4, color.NRGBA{20, 20, 24, 255}, 0.5)
	c.disc(12, 15, 2, color.NRGBA{90, 60, 120, 255}, 0.3)
}

func gravel(c *canvas) {
	c.textured(color.NRGBA{120, 116, 108, 255}, 0.1, 0.3)
	c.speckle(80, 0, color.NRGBA{170, 166, 156, 255}, 0.7)
	c.speckle(60, 300, color.NRGBA{60, 58, 54, 255}, 0.6)
}
