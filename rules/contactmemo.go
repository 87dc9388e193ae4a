package rules

// contactKey names the answers that depend on a unit only through its
// space and stance: the obstacles it touches standing at P (oracleContact:
// the unit's own stance) and the cover of the area there (oracleArea: in
// stance St).
type contactKey struct {
	P        Point
	Size     int
	Own, St  Stance
	contacts bool // oracleContact's question (St unused), else oracleArea's
}

// contactAnswer is a kept answer: the obstacles touched, or the area's
// grade and the obstacle giving it.
type contactAnswer struct {
	touched []*Obstacle
	grade   CoverGrade
	by      *Obstacle
}

// contactMemoMax bounds the answers a board keeps; past it they are
// dropped and asked again.
const contactMemoMax = 1 << 14

// contactMemo returns the kept answer to question k on b, if any. Answers
// are kept for one version of the board with one number of obstacles
// (what they depend on beyond the question), under indexMu, so readers at
// once may share them; the obstacle lists are never changed once kept.
func (b *Board) contactMemo(k contactKey) (contactAnswer, bool) {
	return memoGet(b, &b.contacts, k)
}

// keepContact keeps answer a to question k on b, asked at the version
// and number of obstacles given.
func (b *Board) keepContact(k contactKey, a contactAnswer, version, n int) {
	memoKeep(b, &b.contacts, k, a, version, n, contactMemoMax)
}
