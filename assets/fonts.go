package assets

import (
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// RegularTTF returns the Go Regular TrueType font, embedded in the binary.
func RegularTTF() []byte { return goregular.TTF }

// BoldTTF returns the Go Bold TrueType font, embedded in the binary.
func BoldTTF() []byte { return gobold.TTF }
