// Package settings holds the player's preferences: the sound's volumes,
// the pace of the animations, fullscreen, the size of the interface, the
// side colours and whether the hit panel names each rule's source. It is
// pure Go with no display: the scenes apply the values and keep them
// through a Storage (match.Store: a file on the desktop, localStorage in
// the browser), under the name File.
//
// A missing file is a first start (the defaults, no error). A file that
// cannot be read falls back on its backup, else on the defaults, and the
// error says which file was wrong and how: the game reports it once and
// plays on.
package settings
