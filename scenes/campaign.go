package scenes

import (
	"sightline/campaign"
	"sightline/levels"
	"sightline/rules"
	"slices"
)

// CampaignScore is what a campaign battle's end did to the progress, for
// the result screen.
type CampaignScore struct {
	// Won says the player won; Score is the battle's score.
	Won   bool
	Score int
	// Best is the level's best score now against the difficulty played;
	// NewBest says this battle set it.
	Best    int
	NewBest bool
	// Unlocked names the level this win opened ("" when none).
	Unlocked string
	// Next is the campaign's next level's file, for the level select's
	// cursor ("" after the last).
	Next string
	// Err says why the progress could not be read or kept ("" when it was).
	Err string
}

// progress returns the campaign progress: from the store, else the one
// kept in memory for this run (no store). A damaged file is reported with
// whatever could be saved of it (campaign.Load).
func (e *Env) progress() (campaign.Progress, error) {
	if e.Store == nil {
		if e.memProgress == nil {
			e.memProgress = &campaign.Progress{Version: campaign.Version}
		}
		return *e.memProgress, nil
	}
	return campaign.Load(e.Store)
}

// saveProgress keeps p in the store, or in memory without one.
func (e *Env) saveProgress(p campaign.Progress) error {
	if e.Store == nil {
		e.memProgress = &p
		return nil
	}
	return campaign.Save(e.Store, p)
}

// levelEntries lists env.Levels (levels.List) once per run: listing loads
// every map, seconds in the browser, and the folder does not change while
// the game runs. Set Levels before the first listing. It returns a copy.
func (e *Env) levelEntries() []levels.Entry {
	if e.entries == nil && e.Levels != nil {
		e.entries = levels.List(e.Levels)
	}
	return slices.Clone(e.entries)
}

// levelTitle returns the name a player reads for the shipped level the
// online service calls id ("crossroads": maps/crossroads.tmx is
// "Crossroads"), or id itself when no shipped level has that file.
func (e *Env) levelTitle(id string) string {
	for _, l := range e.levelEntries() {
		if l.Err == nil && l.Path == "maps/"+id+".tmx" && l.Name != "" {
			return l.Name
		}
	}
	return id
}

// campaignOrder returns the campaign's playable levels among entries, in
// order, and their files.
func campaignOrder(all []levels.Entry) ([]levels.Entry, []string) {
	entries := levels.Campaign(all)
	files := make([]string, len(entries))
	for i, e := range entries {
		files[i] = e.Path
	}
	return entries, files
}

// scoreCampaign adds the battle's end to the campaign progress: the
// player is the side a person plays (Blue in a campaign); a draw is no
// win.
func (b *Battle) scoreCampaign(winner rules.Side, drawn bool) *CampaignScore {
	player := rules.SideBlue
	if b.players[0] == Computer && b.players[1] == Human {
		player = rules.SideRed
	}
	r := campaign.Result{Won: !drawn && winner == player, Turns: b.state.Turn, Difficulty: b.turns.profile.Name}
	for _, u := range b.state.Units {
		if !u.Alive() {
			if u.Side == player {
				r.Lost++
			} else {
				r.Felled++
			}
		}
	}
	cs := &CampaignScore{Won: r.Won}
	p, err := b.env.progress()
	if err != nil {
		cs.Err = err.Error()
	}
	entries, order := campaignOrder(b.env.levelEntries())
	at := -1
	for i, f := range order {
		if f == b.level.File {
			at = i
		}
	}
	wasOpen := at+1 < len(order) && p.Unlocked(order, at+1)
	cs.Score, cs.NewBest = p.Add(b.level.File, r)
	best, _ := p.Levels[b.level.File].BestOn(r.Difficulty)
	cs.Best = best.Score
	if at >= 0 && at+1 < len(order) {
		cs.Next = order[at+1]
		if !wasOpen && p.Unlocked(order, at+1) {
			cs.Unlocked = entries[at+1].Name
		}
	}
	if err := b.env.saveProgress(p); err != nil {
		cs.Err = "progress not kept: " + err.Error()
	}
	return cs
}
