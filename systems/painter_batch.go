package systems

import (
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// Why a layer's paths are batched: Ebitengine (v2.9) renders the paths
// filled on an image when anything else draws on it, through a stencil
// atlas that it clears in full for each such batch and never shrinks. Once
// one large batch has grown it (a whole-screen shape, a map's obstacles),
// every later batch costs a clear of some millions of pixels: 35 ms of CPU
// under Mesa's llvmpipe for a 4000×2000 atlas. The obstacle layer drew
// each obstacle's faces as paths and its rims and leaves from kept images,
// one batch an obstacle: 4-20 CPU s a map (docs/PERFORMANCE.md). A Batch
// painter fills every shape as a path, so a layer's obstacles render in a
// few batches, and ends a batch when its stencil would pass batchPixels,
// so that the atlas it needs stays small.

// batchPixels bounds the stencil pixels of one batch of a Batch painter's
// paths: an anti-aliased path takes twice its bounds, rounded up to 16
// pixels a side.
const batchPixels = 1 << 20

// account counts path, about to be filled on dst, in the pending batch
// of a Batch painter, and first renders the batch pending on dst when
// path would take it past batchPixels. Other painters batch as Ebitengine
// does.
func (p *Painter) account(dst *ebiten.Image, path *vector.Path) {
	if !p.Batch {
		return
	}
	b := path.Bounds().Intersect(dst.Bounds())
	n := 2 * roundUp16(b.Dx()) * roundUp16(b.Dy())
	if dst != p.batchDst {
		p.batchDst, p.batched = dst, 0
	}
	if p.batched > 0 && p.batched+n > batchPixels {
		renderPaths(dst)
		p.batched = 0
	}
	p.batched += n
}

// roundUp16 rounds x up to a multiple of 16, as Ebitengine's stencil atlas
// does.
func roundUp16(x int) int { return (x + 15) &^ 15 }

var (
	nothingOnce sync.Once
	nothing     *ebiten.Image
	nothingOp   ebiten.DrawImageOptions
)

// renderPaths renders the paths pending on dst, drawing nothing else: a
// DrawImage scaled to nothing is a use of dst, which renders them, and
// draws no pixel. A variable, for the tests to count its calls.
var renderPaths = func(dst *ebiten.Image) {
	nothingOnce.Do(func() {
		nothing = ebiten.NewImage(1, 1)
		nothingOp.GeoM.Scale(0, 0)
	})
	dst.DrawImage(nothing, &nothingOp)
}
