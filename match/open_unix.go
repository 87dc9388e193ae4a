//go:build unix

package match

import "syscall"

// openNoBlock opens a named pipe without waiting for a writer.
const openNoBlock = syscall.O_NONBLOCK
