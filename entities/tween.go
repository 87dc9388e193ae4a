package entities

import (
	"math"

	"sightline/rules"
)

// Tween moves a point at constant speed along a polyline, turning to face
// each segment as it goes.
type Tween struct {
	points  []rules.Vec
	speed   float64
	seg     int
	along   float64
	heading float64
}

// NewTween returns a tween through points (the start first) at speed pixels
// per tick. The heading starts at heading and turns with the first segment.
func NewTween(points []rules.Vec, speed, heading float64) *Tween {
	t := &Tween{points: points, speed: speed, heading: heading}
	t.skipEmpty()
	if t.seg < len(t.points)-1 {
		t.heading = t.segHeading()
	}
	return t
}

// Done reports whether the tween has reached its last point.
func (t *Tween) Done() bool { return t.seg >= len(t.points)-1 || t.speed <= 0 }

// Step advances the tween one tick and returns the new position, the heading
// and whether the end was reached.
func (t *Tween) Step() (pos rules.Vec, heading float64, done bool) { return t.StepBy(1) }

// StepBy advances the tween by ticks ticks, a fraction or several (the
// time a frame took, in 60ths of a second), and returns as Step does.
func (t *Tween) StepBy(ticks float64) (pos rules.Vec, heading float64, done bool) {
	if len(t.points) == 0 {
		return rules.Vec{}, t.heading, true
	}
	if t.speed <= 0 {
		t.seg = len(t.points) - 1
	}
	left := t.speed * ticks
	for !t.Done() && left > 0 {
		t.heading = t.segHeading()
		segLen := t.points[t.seg+1].Sub(t.points[t.seg]).Len()
		if t.along+left < segLen {
			t.along += left
			left = 0
			break
		}
		left -= segLen - t.along
		t.seg++
		t.along = 0
		t.skipEmpty()
	}
	return t.pos(), t.heading, t.Done()
}

func (t *Tween) pos() rules.Vec {
	if t.Done() {
		return t.points[len(t.points)-1]
	}
	a, b := t.points[t.seg], t.points[t.seg+1]
	d := b.Sub(a)
	return a.Add(d.Scale(t.along / d.Len()))
}

func (t *Tween) segHeading() float64 {
	d := t.points[t.seg+1].Sub(t.points[t.seg])
	return math.Atan2(d.Y, d.X)
}

// skipEmpty passes over zero-length segments.
func (t *Tween) skipEmpty() {
	for !t.Done() && t.points[t.seg+1].Sub(t.points[t.seg]).Len() == 0 {
		t.seg++
	}
}
