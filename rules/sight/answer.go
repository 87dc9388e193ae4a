package sight

// Hit is one obstacle or body in a cover cone and how much it hides.
type Hit struct {
	// Obstacle is the obstacle's ID, or 0 when the body Unit gives the
	// cover.
	Obstacle int
	// Unit is the ID of an intervening body that is no ally of the
	// attacker, or 0.
	Unit int
	// Hidden is the fraction of the target's silhouette it hides (0-1).
	Hidden float64
	// Shadow is the mean height of its shadow on the target in human-scale
	// bricks (a 2×2 mech's heights are halved), at most ShadowCap.
	Shadow float64
	// Grade is the cover it alone gives.
	Grade Grade
	// InContact is true when it touches the target's space.
	InContact bool
	// Ignored is true when it is more than one size category smaller than
	// the target (seed 002) and so gives no cover.
	Ignored bool
}

// Cover is the geometry's whole answer for one attacker and target: the
// point of origin, the cone, the covering obstacle or body, the grade,
// the covered limbs, and line of sight and effect.
type Cover struct {
	// Origin is the point of origin: the intersection touching the
	// attacker's space that is best for the attacker: one a shot can
	// leave (sight and effect from it) if any, then lowest cover, then
	// sight and effect from it, then nearest the target.
	Origin Vec
	// Corners are the two closest corners of the target's space: the cone
	// runs from Origin to them.
	Corners [2]Vec
	// Grade is the cover the target gets.
	Grade Grade
	// Obstacle is the ID of the obstacle that gives the cover (the best
	// single one; cover does not stack), Unit that of the body; 0 for
	// none.
	Obstacle, Unit int
	// Hidden is the fraction of the target hidden by what covers it.
	Hidden float64
	// Hits lists every obstacle and body in the cone, nearest first.
	Hits []Hit
	// Limbs are the limbs the cover hides from this attacker.
	Limbs Limbs
	// Flanked is true when the target is in cover (in contact with some
	// obstacle) yet gets no cover from this attacker.
	Flanked bool
	// InContact is true when what covers the target touches it ("in
	// cover"); false when it only protects it from afar (seed 004).
	InContact bool
	// LoS is true when the attacker has line of sight to the target (from
	// any intersection); LoE when a line of effect runs from Origin.
	LoS, LoE bool
	// Corner is true when an obstacle of full height that blocks sight hides a standing or
	// crouched target from the point of origin (seed 004's corner cover:
	// it can still be hit by a line around the obstacle, at -3 instead of
	// full cover's -4; a prone target keeps -4).
	Corner bool
}
