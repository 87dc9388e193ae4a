// Package assets holds Sightline's embedded art and fonts. Everything the
// game draws is made by the project: units and obstacles are drawn with
// vectors at run time, and the only binary assets are the Go fonts
// (BSD-licensed, shipped with golang.org/x/image), which are compiled into
// the binary.
package assets
