package systems

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

var update = flag.Bool("update", false, "rewrite the golden images in testdata/golden")

// Golden comparison tolerances: a pixel differs when a channel is off by
// more than pixelTolerance, and the test fails when more than
// maxDiffFraction of the pixels differ.
const (
	pixelTolerance  = 8
	maxDiffFraction = 0.002
)

// readImage copies an ebiten image into memory.
func readImage(img *ebiten.Image) *image.RGBA {
	out := image.NewRGBA(img.Bounds())
	img.ReadPixels(out.Pix)
	return out
}

// checkGolden compares have with testdata/golden/name.png, or rewrites it
// under -update. On failure the actual image is written to a temp file
// named in the error.
func checkGolden(t *testing.T, name string, have *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name+".png")
	if *update {
		if err := writePNG(path, have); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s", path)
		return
	}
	want, err := readPNG(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	diff, total := compareImages(have, want)
	if diff < 0 || float64(diff) > maxDiffFraction*float64(total) {
		out := filepath.Join(os.TempDir(), "sightline-"+name+"-actual.png")
		if err := writePNG(out, have); err != nil {
			t.Logf("could not save the actual image: %v", err)
		}
		if diff < 0 {
			t.Fatalf("%s: size %v, golden %v; actual image in %s", name, have.Bounds().Size(), want.Bounds().Size(), out)
		}
		t.Fatalf("%s: %d of %d pixels differ (allowed %.1f%%); actual image in %s", name, diff, total, maxDiffFraction*100, out)
	}
}

// compareImages counts the pixels whose premultiplied RGBA channels differ
// by more than the tolerance, or returns -1 when the sizes differ.
func compareImages(a, b image.Image) (diff, total int) {
	if a.Bounds().Size() != b.Bounds().Size() {
		return -1, 0
	}
	ab, bb := a.Bounds(), b.Bounds()
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			r1, g1, b1, a1 := a.At(ab.Min.X+x, ab.Min.Y+y).RGBA()
			r2, g2, b2, a2 := b.At(bb.Min.X+x, bb.Min.Y+y).RGBA()
			if far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2) {
				diff++
			}
			total++
		}
	}
	return diff, total
}

// far reports whether two 16-bit channels differ by more than
// pixelTolerance in 8-bit terms.
func far(a, b uint32) bool {
	d := int(a>>8) - int(b>>8)
	return d > pixelTolerance || d < -pixelTolerance
}

func writePNG(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func readPNG(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("golden image: %w", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("golden image %s: %w", path, err)
	}
	return img, nil
}

func TestCompareImages(t *testing.T) {
	grey := color.RGBA{0x40, 0x40, 0x40, 0xff}
	a := image.NewRGBA(image.Rect(0, 0, 10, 10))
	b := image.NewRGBA(image.Rect(0, 0, 10, 10))
	for y := 0; y < 10; y++ {
		for x := 0; x < 10; x++ {
			a.Set(x, y, grey)
			b.Set(x, y, grey)
		}
	}
	b.Set(1, 1, color.RGBA{0x40 + pixelTolerance, 0x40, 0x40, 0xff})
	if d, n := compareImages(a, b); d != 0 || n != 100 {
		t.Errorf("within tolerance: have %d/%d differing, want 0/100", d, n)
	}
	b.Set(2, 2, color.RGBA{0x40, 0x40 + pixelTolerance + 1, 0x40, 0xff})
	if d, _ := compareImages(a, b); d != 1 {
		t.Errorf("one pixel off: have %d differing, want 1", d)
	}
	b.Set(3, 3, color.RGBA{0x40, 0x40, 0x40, 0xff - pixelTolerance - 1})
	if d, _ := compareImages(a, b); d != 2 {
		t.Errorf("alpha off: have %d differing, want 2", d)
	}
	if d, _ := compareImages(a, image.NewRGBA(image.Rect(0, 0, 5, 5))); d != -1 {
		t.Errorf("size mismatch: have %d, want -1", d)
	}
}
