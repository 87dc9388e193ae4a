package ai

import "sightline/rules"

// watchZone is an enemy on overwatch or laying covering fire that the
// side sees, and the tiles of its cone (rules.State.WatchCone, with the
// rules' tuning).
type watchZone struct {
	unit *rules.Unit
	cone *rules.FOV
}

// watchZones returns the overwatch and covering fire zones of the
// enemies the side sees now (it knows an enemy watches only while it sees
// it). A covering fire zone reaches one range increment.
func watchZones(s *rules.State, seen []*rules.Unit) []watchZone {
	var zs []watchZone
	tn := s.Rules().Tuning
	deg := float64(tn.WatchConeDegrees)
	for _, e := range seen {
		if e.Hand.Empty() || e.Hand.Weapon.Melee {
			continue
		}
		if e.Status.Overwatch {
			zs = append(zs, watchZone{unit: e, cone: s.WatchCone(e, e.Status.WatchDir, deg, e.Hand.Weapon.Range*tn.WatchRangeIncrements)})
		}
		if e.Status.Covering {
			zs = append(zs, watchZone{unit: e, cone: s.WatchCone(e, e.Status.CoverDir, deg, e.Hand.Weapon.Range)})
		}
	}
	return zs
}

// reactionFire is the damage u may expect from the watchers' shots while
// walking path (reactionShots).
func reactionFire(s *rules.State, u *rules.Unit, path []rules.Point, zones []watchZone) float64 {
	total := 0.0
	for _, o := range reactionShots(s, u, path, zones, false, nil) {
		total += o.mean()
	}
	return total
}

// reactionShots appends to out the watchers' shots at u walking path:
// each watcher fires once, at the first tile of the path in its cone,
// with the odds the rules' preview gives there.
func reactionShots(s *rules.State, u *rules.Unit, path []rules.Point, zones []watchZone, coverDE bool, out []shotOdds) []shotOdds {
	for _, z := range zones {
		for _, p := range path {
			if !z.cone.Seen(p) {
				continue
			}
			there := *u
			there.Pos = p
			if prev, err := s.PreviewShot(*z.unit, there); err == nil {
				out = append(out, forecastOdds(s, prev, coverDE))
			}
			break
		}
	}
	return out
}
