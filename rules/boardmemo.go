package rules

// boardMemo keeps answers that depend on the board only through its
// version and its number of obstacles: each answer is kept for one
// version with one number of obstacles, up to a bound (keep's max), past
// which they are dropped and asked again. The board's indexMu guards it.
type boardMemo[K comparable, V any] struct {
	answers map[K]V
	version int
	n       int
}

// get returns the answer to k kept for the board's version and number of
// obstacles, if any.
func (m *boardMemo[K, V]) get(k K, version, n int) (V, bool) {
	if m.answers == nil || m.version != version || m.n != n {
		var zero V
		return zero, false
	}
	v, ok := m.answers[k]
	return v, ok
}

// keep keeps answer v to k, asked at the version and number of obstacles
// given, unless the board has changed since (now, nowN); past max answers
// it starts again.
func (m *boardMemo[K, V]) keep(k K, v V, version, n, now, nowN, max int) {
	if version != now || n != nowN {
		return // the board changed while it was asked
	}
	if m.answers == nil || m.version != version || m.n != n || len(m.answers) >= max {
		m.answers, m.version, m.n = make(map[K]V), version, n
	}
	m.answers[k] = v
}

// reset drops every answer.
func (m *boardMemo[K, V]) reset() { m.answers = nil }

// memoGet returns m's kept answer to k for b's version and number of
// obstacles, under b's indexMu, if any.
func memoGet[K comparable, V any](b *Board, m *boardMemo[K, V], k K) (V, bool) {
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	return m.get(k, b.version, len(b.Obstacles))
}

// memoKeep keeps answer v to k in m, asked at the version and number of
// obstacles given, under b's indexMu, up to max answers.
func memoKeep[K comparable, V any](b *Board, m *boardMemo[K, V], k K, v V, version, n, max int) {
	b.indexMu.Lock()
	defer b.indexMu.Unlock()
	m.keep(k, v, version, n, b.version, len(b.Obstacles), max)
}
