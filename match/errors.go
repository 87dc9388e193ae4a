package match

import "errors"

// Errors Undo returns; test them with errors.Is.
var (
	// ErrNoUndo: the side to move has given no command this turn.
	ErrNoUndo = errors.New("nothing to undo this turn")
	// ErrUndoRefused wraps why the last command is final.
	ErrUndoRefused = errors.New("cannot undo")
)
