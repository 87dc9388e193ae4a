//go:build !js

package scenes

import (
	"image"
	"syscall"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"sightline/levels"
	"sightline/systems"
)

// BenchmarkBattleAfterMenu times what a player waits for when a battle
// opens after the menu, as the game draws it (a frame each tick): a new
// Env (a new run of the game), the title and the level select shown,
// then a battle on Outpost, from the click through the fade to three
// frames after it. It reports the CPU of that opening (all threads:
// under Xvfb llvmpipe renders on threads of its own), of the menu before
// it, and of a second battle opened from the title on the same Env.
// Run it under xvfb-run -a with -test.benchtime=Nx.
func BenchmarkBattleAfterMenu(b *testing.B) {
	fonts, err := systems.NewFonts()
	if err != nil {
		b.Fatal(err)
	}
	lv, err := levels.Load(levels.Embedded(), "maps/outpost.tmx")
	if err != nil {
		b.Fatal(err)
	}
	screen := ebiten.NewImage(ScreenWidth, ScreenHeight)
	probe := ebiten.NewImage(1, 1)
	var px [4]byte
	// frames runs n ticks, drawing each and reading a pixel back, which
	// makes ebiten render it, then as many as the fade still takes.
	frames := func(m *Manager, n int) {
		for i := 0; i < n || m.Transitioning(); i++ {
			if err := m.Update(nil); err != nil {
				b.Fatal(err)
			}
			m.Draw(screen)
			probe.DrawImage(screen.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image), nil)
			probe.ReadPixels(px[:])
		}
	}
	// open goes to s and draws until three frames after the fade; it
	// returns the CPU that took.
	open := func(m *Manager, s Scene) time.Duration {
		t := cpuTime(b)
		m.GoTo(s)
		frames(m, 3)
		return cpuTime(b) - t
	}
	var menu, first, second time.Duration
	for range b.N {
		env := &Env{Fonts: fonts, Levels: levels.Embedded(), Seed: 7, NoBriefing: true, NoHandover: true}
		t := cpuTime(b)
		m := NewManager(env, NewTitle(env))
		frames(m, 3)
		menu += cpuTime(b) - t
		menu += open(m, NewLevelSelect(env))
		first += open(m, NewBattle(env, SetupFromLevel(lv)))
		open(m, NewTitle(env))
		second += open(m, NewBattle(env, SetupFromLevel(lv)))
	}
	n := float64(b.N)
	b.ReportMetric(menu.Seconds()/n, "menu-cpu-s")
	b.ReportMetric(first.Seconds()/n, "battle-cpu-s")
	b.ReportMetric(second.Seconds()/n, "battle2-cpu-s")
}

// cpuTime returns the process's CPU time so far, user and system, all
// threads.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
