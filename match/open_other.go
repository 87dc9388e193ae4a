//go:build !unix

package match

// openNoBlock is 0 where opening a file cannot block on a writer.
const openNoBlock = 0
