// Package campaign keeps a player's way through the campaign: which
// levels they have won, with the best score on each, and which levels
// that unlocks. It is pure Go with no display: the scenes read and write
// progress through a Storage (match.Store: atomic files on the desktop,
// localStorage in the browser).
//
// The campaign's levels are the maps with a "campaign" map property, in
// its order (levels.Campaign). The first is always open; each other opens
// when the one before it is won.
package campaign
