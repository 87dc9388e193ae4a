// Package rival is a yardstick opponent for the arena, written apart
// from the shipped computer (package ai) from the practice of other
// tactics games, so the shipped profiles are measured against a player
// the project did not tune them on. It is not a shipped profile: only the
// arena plays it (arena.Rival, sightline-cli arena -opponents rival).
//
// Its ideas: OpenXcom's battlescape AI (an aggression that decides how
// readily a soldier trades cover for a shot, a memory of spotted enemies
// that outlasts sight, and escape, ambush and combat modes chosen each
// decision), Jagged Alliance 2's tactical AI (red and black alert: an
// enemy believed but not seen is stalked from cover, one seen is fought;
// tiles scored by the cover they give against every known enemy) and
// XCOM 2's (flank first, the cover that sees the most targets, finish the
// wounded). It sees only its side's match.View, like any controller.
package rival
