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
	maxDiffFraction = 0.005
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

// compareImages counts the pixels that differ beyond the tolerance, or
// returns -1 when the sizes differ.
func compareImages(a, b image.Image) (diff, total int) {
	if a.Bounds().Size() != b.Bounds().Size() {
		return -1, 0
	}
	ab, bb := a.Bounds(), b.Bounds()
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			ca := color.NRGBAModel.Convert(a.At(ab.Min.X+x, ab.Min.Y+y)).(color.NRGBA)
			cb := color.NRGBAModel.Convert(b.At(bb.Min.X+x, bb.Min.Y+y)).(color.NRGBA)
			if far(ca.R, cb.R) || far(ca.G, cb.G) || far(ca.B, cb.B) || far(ca.A, cb.A) {
				diff++
			}
			total++
		}
	}
	return diff, total
}

func far(a, b uint8) bool {
	d := int(a) - int(b)
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
	a := image.NewRGBA(image.Rect(0, 0, 10, 10))
	b := image.NewRGBA(image.Rect(0, 0, 10, 10))
	b.Set(1, 1, color.RGBA{pixelTolerance, 0, 0, 0})
	if d, n := compareImages(a, b); d != 0 || n != 100 {
		t.Errorf("within tolerance: have %d/%d differing, want 0/100", d, n)
	}
	b.Set(2, 2, color.RGBA{0, pixelTolerance + 1, 0, 0})
	if d, _ := compareImages(a, b); d != 1 {
		t.Errorf("one pixel off: have %d differing, want 1", d)
	}
	if d, _ := compareImages(a, image.NewRGBA(image.Rect(0, 0, 5, 5))); d != -1 {
		t.Errorf("size mismatch: have %d, want -1", d)
	}
}
