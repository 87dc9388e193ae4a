// Package places names a tile of the board as a player finds it on the
// map: by the cover beside it ("beside the low wall") or, in the open, by
// the part of the map it is in ("in the open to the north-west"), never
// by numbers the screen does not show; and names a direction from where a
// unit stands, by the compass ("toward the west"), never by the part of
// the map its end is in, which may lie another way. The battle log (systems' Roster)
// and the computer's account of its decisions (ai's Why) use the same
// words. It is pure: a Namer is a value built from a board's obstacles.
package places
