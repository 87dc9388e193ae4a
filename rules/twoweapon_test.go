package rules

import (
	"errors"
	"testing"
)

// twoWeaponMod returns the value of the "Two weapons" entry of bd, and
// whether there is one.
func twoWeaponMod(bd Breakdown) (int, bool) {
	for _, m := range bd.Mods {
		if m.Source == srcTwoWeapon {
			return m.Value, m.Kind == ModAttack
		}
	}
	return 0, false
}

// Seed 003, Two-Weapon Combat: "Characters can wield 2 pistols and/or
// submachine guns but take extra -8 penalty to attack rolls with those
// weapons. You can attack with both weapons ... at the same time ... Make
// separate attack actions for each weapon. An attack or movement action is
// required to reload both weapons. A character cannot use the Aiming action
// when wielding two weapons." A scout carries an SMG and a pistol.
func TestTwoWeaponCombat(t *testing.T) {
	s := battle(t, `B.....R`, "scout")
	b, r := s.Unit(1), s.Unit(2)
	r.HP, r.MaxHP = 500, 500 // stands through every shot

	ev := mustApply(t, s, Draw{Unit: 1, Second: true}, NewRNG(1))
	if d := eventsOf[Drew](ev); len(d) != 1 || !d[0].Second || d[0].Weapon != "pistol" {
		t.Errorf("draw second: events %+v, want the pistol drawn to the other hand", ev)
	}
	if b.Hand.Weapon.Name != "smg" || b.OffHand.Weapon.Name != "pistol" || !b.Holster.Empty() || b.AP != 2 || !b.TwoWeapons() {
		t.Fatalf("after drawing a second: hand %q, off hand %q, holster %q, AP %d", b.Hand.Weapon.Name, b.OffHand.Weapon.Name, b.Holster.Weapon.Name, b.AP)
	}
	if _, err := Apply(s, Aim{Unit: 1}, NewRNG(1)); !errors.Is(err, ErrWrongWeapon) {
		t.Errorf("aim with two weapons: have %v, want ErrWrongWeapon", err)
	}

	// The preview is the roll: both shots, each at -8, one action.
	pv, err := s.PreviewAttack(Attack{Unit: 1, Target: 2, Both: true})
	if err != nil {
		t.Fatal(err)
	}
	if pv.Second == nil || pv.Weapon != "smg" || pv.Second.Weapon != "pistol" || pv.AP != 1 {
		t.Fatalf("preview of both: %+v, want the smg and the pistol for 1 AP", pv)
	}
	for _, p := range []AttackPreview{pv, *pv.Second} {
		if v, ok := twoWeaponMod(p.Breakdown); !ok || v != -8 {
			t.Errorf("%s's breakdown has two weapons %d (%v), want -8", p.Weapon, v, ok)
		}
	}
	smg, pistol := b.Hand.Ammo, b.OffHand.Ammo
	ev = mustApply(t, s, Attack{Unit: 1, Target: 2, Both: true}, NewRNG(7))
	shots := eventsOf[Attacked](ev)
	if len(shots) != 2 || shots[0].Weapon != "smg" || shots[1].Weapon != "pistol" {
		t.Fatalf("attack with both: shots %+v, want the smg then the pistol", shots)
	}
	if shots[0].Chance != pv.Chance || shots[1].Chance != pv.Second.Chance {
		t.Errorf("chances rolled %.3f and %.3f, previewed %.3f and %.3f", shots[0].Chance, shots[1].Chance, pv.Chance, pv.Second.Chance)
	}
	if b.Hand.Ammo != smg-1 || b.OffHand.Ammo != pistol-1 || b.AP != 1 {
		t.Errorf("after both: ammo %d/%d (was %d/%d), AP %d; want one round each and 1 AP", b.Hand.Ammo, b.OffHand.Ammo, smg, pistol, b.AP)
	}

	// One weapon fired while holding two is still at -8.
	ev = mustApply(t, s, Attack{Unit: 1, Target: 2}, NewRNG(3))
	if shots := eventsOf[Attacked](ev); len(shots) != 1 || shots[0].Weapon != "smg" {
		t.Fatalf("attack with one: %+v", shots)
	} else if v, _ := twoWeaponMod(shots[0].Breakdown); v != -8 {
		t.Errorf("one of two weapons fired at %d, want -8", v)
	}

	// One action reloads both.
	b.AP = 3
	b.Hand.Ammo, b.OffHand.Ammo = 2, 0
	ev = mustApply(t, s, Reload{Unit: 1}, NewRNG(1))
	if b.Hand.Ammo != 30 || b.OffHand.Ammo != 12 || b.AP != 2 {
		t.Errorf("reload: ammo %d/%d AP %d, want 30/12 and 2 AP", b.Hand.Ammo, b.OffHand.Ammo, b.AP)
	}
	if rl := eventsOf[Reloaded](ev); len(rl) != 1 || rl[0].Second != "pistol" || rl[0].SecondAmmo != 12 {
		t.Errorf("reload events %+v, want the pistol reloaded too", ev)
	}
	if _, err := Apply(s, Reload{Unit: 1}, NewRNG(1)); !errors.Is(err, ErrAlready) {
		t.Errorf("reload two full weapons: have %v, want ErrAlready", err)
	}

	// Holstering stows the second: one weapon, no penalty, aim again.
	ev = mustApply(t, s, Holster{Unit: 1}, NewRNG(1))
	if h := eventsOf[Holstered](ev); len(h) != 1 || !h[0].Second || b.TwoWeapons() || b.Holster.Weapon.Name != "pistol" || b.Hand.Weapon.Name != "smg" {
		t.Errorf("holster the second: events %+v, hand %q, holster %q", ev, b.Hand.Weapon.Name, b.Holster.Weapon.Name)
	}
	pv, err = s.PreviewAttack(Attack{Unit: 1, Target: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := twoWeaponMod(pv.Breakdown); ok {
		t.Errorf("one weapon in hand still has the two-weapon penalty: %+v", pv.Breakdown.Mods)
	}
	if _, err := Apply(s, Attack{Unit: 1, Target: 2, Both: true}, NewRNG(1)); !errors.Is(err, ErrWrongWeapon) {
		t.Errorf("fire both with one weapon: have %v, want ErrWrongWeapon", err)
	}
	mustApply(t, s, Aim{Unit: 1}, NewRNG(1))
}

// Only pistols and submachine guns pair (seed 003): a trooper's rifle and
// knife do not, and a second weapon drops before the first.
func TestTwoWeaponRefusals(t *testing.T) {
	s := battle(t, `B.....R`, "trooper")
	if _, err := Apply(s, Draw{Unit: 1, Second: true}, NewRNG(1)); !errors.Is(err, ErrWrongWeapon) {
		t.Errorf("rifle and knife: have %v, want ErrWrongWeapon", err)
	}
	s = battle(t, `B.....R`, "scout")
	b := s.Unit(1)
	mustApply(t, s, Draw{Unit: 1, Second: true}, NewRNG(1))
	if _, err := Apply(s, Draw{Unit: 1, Second: true}, NewRNG(1)); err == nil {
		t.Error("drew a third weapon")
	}
	ev := mustApply(t, s, Drop{Unit: 1}, NewRNG(1))
	if d := eventsOf[Dropped](ev); len(d) != 1 || d[0].Weapon != "pistol" || b.TwoWeapons() || b.Hand.Weapon.Name != "smg" {
		t.Errorf("drop with two: events %+v, hand %q", ev, b.Hand.Weapon.Name)
	}
}

// Each weapon is its own attack: when the first drops the target, the
// second holds its fire and keeps its round; a pistol out of range cannot
// join the SMG.
func TestTwoWeaponSecondShot(t *testing.T) {
	found := false
	for seed := uint64(1); seed < 200 && !found; seed++ {
		s := battle(t, `B..R`, "scout")
		b, r := s.Unit(1), s.Unit(2)
		mustApply(t, s, Draw{Unit: 1, Second: true}, NewRNG(1))
		r.HP = 1
		pistol := b.OffHand.Ammo
		ev := mustApply(t, s, Attack{Unit: 1, Target: 2, Both: true}, NewRNG(seed))
		shots := eventsOf[Attacked](ev)
		if r.Alive() || len(shots) == 0 || shots[0].Weapon != "smg" {
			continue
		}
		found = true
		if len(shots) != 1 || b.OffHand.Ammo != pistol {
			t.Errorf("seed %d: the SMG dropped the target, then shots %+v and pistol ammo %d (was %d)", seed, shots, b.OffHand.Ammo, pistol)
		}
	}
	if !found {
		t.Fatal("no seed under 200 lets the SMG drop the target")
	}

	// 35 tiles: within the SMG's five increments (40), past the pistol's (30).
	s := battle(t, `B..................................R`, "scout")
	mustApply(t, s, Draw{Unit: 1, Second: true}, NewRNG(1))
	if _, err := Apply(s, Attack{Unit: 1, Target: 2, Both: true}, NewRNG(1)); !errors.Is(err, ErrOutOfRange) {
		t.Errorf("pistol out of range: have %v, want ErrOutOfRange", err)
	}
	if _, err := Apply(s, Attack{Unit: 1, Target: 2}, NewRNG(1)); err != nil {
		t.Errorf("the SMG alone: %v", err)
	}
}
