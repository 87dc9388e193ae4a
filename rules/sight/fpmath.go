package sight

import "math"

// The battle's numbers must come out the same in every bit on amd64, arm64
// and wasm. Package math's Hypot is assembly on amd64 and Go elsewhere, and
// its Go code for Hypot, Sin, Cos and Sincos is compiled with fused
// multiply-adds on arm64. The functions here take exactly the steps of
// package math's Go code (and of amd64's Hypot) with every product that
// meets a sum rounded on its own, float64(x*y): on amd64 and wasm they
// return what package math returns, and on arm64 the same.

// hypot returns sqrt(p*p+q*q) without undue overflow, as math.Hypot.
func hypot(p, q float64) float64 {
	p, q = math.Abs(p), math.Abs(q)
	switch {
	case math.IsInf(p, 1) || math.IsInf(q, 1):
		return math.Inf(1)
	case math.IsNaN(p) || math.IsNaN(q):
		return math.NaN()
	}
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	q = q / p
	return p * math.Sqrt(1+float64(q*q))
}

// Sin returns the sine of x radians, as math.Sin on amd64 (see Sincos).
func Sin(x float64) float64 {
	s, _ := Sincos(x)
	return s
}

// Cos returns the cosine of x radians, as math.Cos on amd64 (see Sincos).
func Cos(x float64) float64 {
	_, c := Sincos(x)
	return c
}

// Coefficients of the sine and cosine polynomials on [-Pi/4, Pi/4], from
// package math (Cephes).
var (
	sinPoly = [...]float64{
		1.58962301576546568060e-10,
		-2.50507477628578072866e-8,
		2.75573136213857245213e-6,
		-1.98412698295895385996e-4,
		8.33333333332211858878e-3,
		-1.66666666666666307295e-1,
	}
	cosPoly = [...]float64{
		-1.13585365213876817300e-11,
		2.08757008419747316778e-9,
		-2.75573141792967388112e-7,
		2.48015872888517045348e-5,
		-1.38888888888730564116e-3,
		4.16666666666665929218e-2,
	}
)

// trigLimit is where package math switches to Payne-Hanek reduction.
// The game never gets near it (levels reject rotations beyond 2^24
// degrees), and Sincos does not follow it there.
const trigLimit = 1 << 29

// Sincos returns the sine and cosine of x radians: the same bits as
// math.Sincos, math.Sin and math.Cos on amd64 and wasm, and on arm64 too.
// Beyond ±2^29 radians it returns NaNs.
func Sincos(x float64) (sin, cos float64) {
	const (
		pi4A = 7.85398125648498535156e-1 // Pi/4 split into three parts
		pi4B = 3.77489470793079817668e-8
		pi4C = 2.69515142907905952645e-15
	)
	switch {
	case x == 0:
		return x, 1
	case math.IsNaN(x) || math.IsInf(x, 0) || math.Abs(x) >= trigLimit:
		return math.NaN(), math.NaN()
	}
	sinSign, cosSign := false, false
	if x < 0 {
		x = -x
		sinSign = true
	}
	j := uint64(x * (4 / math.Pi)) // the octant
	y := float64(j)
	if j&1 == 1 {
		j++
		y++
	}
	j &= 7
	z := ((x - float64(y*pi4A)) - float64(y*pi4B)) - float64(y*pi4C)
	if j > 3 {
		j -= 4
		sinSign, cosSign = !sinSign, !cosSign
	}
	if j > 1 {
		cosSign = !cosSign
	}
	zz := z * z
	cos = 1.0 - float64(0.5*zz) + float64(zz*zz*horner(&cosPoly, zz))
	sin = z + float64(z*zz*horner(&sinPoly, zz))
	if j == 1 || j == 2 {
		sin, cos = cos, sin
	}
	if cosSign {
		cos = -cos
	}
	if sinSign {
		sin = -sin
	}
	return sin, cos
}

// horner evaluates the polynomial c[0]*x^5 + ... + c[5] as package math
// writes it, (((((c[0]*x)+c[1])*x+c[2])*x+c[3])*x+c[4])*x+c[5], each
// product rounded.
func horner(c *[6]float64, x float64) float64 {
	p := c[0]
	for _, k := range c[1:] {
		p = float64(p*x) + k
	}
	return p
}

// Atan2 returns the arc tangent of y/x in radians, using the signs of both
// to find the quadrant: the same bits as math.Atan2 on amd64 and wasm, and
// on arm64 too.
func Atan2(y, x float64) float64 {
	switch {
	case math.IsNaN(y) || math.IsNaN(x):
		return math.NaN()
	case y == 0:
		if x >= 0 && !math.Signbit(x) {
			return math.Copysign(0, y)
		}
		return math.Copysign(math.Pi, y)
	case x == 0:
		return math.Copysign(math.Pi/2, y)
	case math.IsInf(x, 0):
		switch {
		case math.IsInf(x, 1) && math.IsInf(y, 0):
			return math.Copysign(math.Pi/4, y)
		case math.IsInf(x, 1):
			return math.Copysign(0, y)
		case math.IsInf(y, 0):
			return math.Copysign(3*math.Pi/4, y)
		default:
			return math.Copysign(math.Pi, y)
		}
	case math.IsInf(y, 0):
		return math.Copysign(math.Pi/2, y)
	}
	q := atan(y / x)
	if x < 0 {
		if q <= 0 {
			return q + math.Pi
		}
		return q - math.Pi
	}
	return q
}

// atan returns the arc tangent of x in radians, as math.Atan.
func atan(x float64) float64 {
	switch {
	case x == 0:
		return x
	case x > 0:
		return satan(x)
	}
	return -satan(-x)
}

// satan reduces x >= 0 to [0, 0.66] for xatan, as package math does.
func satan(x float64) float64 {
	const (
		morebits = 6.123233995736765886130e-17 // Pi/2 = PIO2 + morebits
		tan3Pi8  = 2.41421356237309504880      // tan(3*Pi/8)
	)
	if x <= 0.66 {
		return xatan(x)
	}
	if x > tan3Pi8 {
		return math.Pi/2 - xatan(1/x) + morebits
	}
	return math.Pi/4 + xatan((x-1)/(x+1)) + 0.5*morebits
}

// xatan evaluates the arc tangent on [0, 0.66] by package math's rational
// approximation (Cephes), each product that meets a sum rounded.
func xatan(x float64) float64 {
	const (
		p0 = -8.750608600031904122785e-01
		p1 = -1.615753718733365076637e+01
		p2 = -7.500855792314704667340e+01
		p3 = -1.228866684490136173410e+02
		p4 = -6.485021904942025371773e+01
		q0 = +2.485846490142306297962e+01
		q1 = +1.650270098316988542046e+02
		q2 = +4.328810604912902668951e+02
		q3 = +4.853903996359136964868e+02
		q4 = +1.945506571482613964425e+02
	)
	z := float64(x * x)
	num := float64(p0*z) + p1
	for _, p := range [...]float64{p2, p3, p4} {
		num = float64(num*z) + p
	}
	den := z + q0
	for _, q := range [...]float64{q1, q2, q3, q4} {
		den = float64(den*z) + q
	}
	z = z * num / den
	return float64(x*z) + x
}
