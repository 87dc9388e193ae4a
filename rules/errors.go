package rules

import (
	"errors"
	"fmt"
)

// More sentinel errors for illegal commands (see also command.go). Apply
// wraps them with a reason a player can read; test them with errors.Is.
var (
	ErrNoLoS       = errors.New("no line of sight")
	ErrNoLoE       = errors.New("no line of effect")
	ErrOutOfRange  = errors.New("out of range")
	ErrBadTarget   = errors.New("not a valid target")
	ErrNoCover     = errors.New("not in contact with cover")
	ErrEmpty       = errors.New("weapon empty")
	ErrNoWeapon    = errors.New("no suitable weapon")
	ErrWrongWeapon = errors.New("weapon cannot do that")
	ErrHands       = errors.New("hands not free")
	ErrAlready     = errors.New("already so")
	ErrNotAdjacent = errors.New("not in reach")
	ErrBlockedPath = errors.New("path not clear")
	ErrCoverTooLow = errors.New("cover too low")
)

// errorf wraps a sentinel error with a reason a player can read.
func errorf(sentinel error, format string, args ...any) error {
	return fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...))
}
