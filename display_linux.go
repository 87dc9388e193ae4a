//go:build linux && !android

package main

/*
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// sl_usage is the game's usage text, its one source: the constructor below
// prints it before Go starts, and gameUsage hands it to the flag package.
static const char sl_usage[] =
	"usage: sightline [flags]\n"
	"\n"
	"Sightline is a turn-based tactics game of cover and line of sight. It opens a\n"
	"window, so it needs a display (a desktop session, or xvfb-run -a).\n"
	"\n"
	"  -level MAP.tmx       open this Tiled map from disk and go straight to battle\n"
	"                       (a map that does not load: its error, exit status 2);\n"
	"                       saving the map, a tileset or a template reloads it\n"
	"  -screenshot OUT.png  render -frames frames, write the screen to OUT.png, exit\n"
	"  -frames N            frames to render before -screenshot (default 60)\n"
	"  -briefing=false      open a battle on the board, not on its briefing card\n"
	"  -vs SIDE             with -level: the computer plays blue, red or both\n"
	"                       (default none: two players at one keyboard)\n"
	"  -seed N              seed of the first battle's dice (default 0: the clock)\n"
	"  -scene NAME          first scene without -level: title or levels (default title)\n"
	"  -replay FILE         watch a replay (Space pause, N step, 1-4 speed, V view)\n"
	"  -join LINK           play an online match from the link a friend sent (?server=...&match=...&seat=...)\n"
	"  -mute                start with the sound muted (M toggles it in the game)\n"
	"  -fullscreen=BOOL     fill the screen, or not, this run, whatever the settings say\n"
	"  -record-audio F.wav  when the game ends, write its sound as played to F.wav\n"
	"                       (with no sound device too: then it plays silently)\n"
	"  -h                   print this help\n"
	"\n"
	"Without a display, use sightline-cli (it never opens a window):\n"
	"  sightline-cli scenario FILE.json   play a scenario, one JSON event per line\n"
	"  sightline-cli replay verify FILE   check that a replay plays back the same\n"
	"  sightline-cli replay info FILE     show what a replay holds\n"
	"  sightline-cli arena                the computer against the baselines\n"
	"\n"
	"Exit status: 0 done, 1 no display or the game failed, 2 bad flags, map or replay.\n";

static const char *sl_usage_text(void) { return sl_usage; }

// sl_wants_help reports whether the arguments ask for help the way the
// flag package understands it (-h, -help, --h, --help before a "--").
static int sl_wants_help(int argc, char **argv) {
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0) {
			return 0;
		}
		if (strcmp(a, "-h") == 0 || strcmp(a, "-help") == 0 ||
		    strcmp(a, "--h") == 0 || strcmp(a, "--help") == 0) {
			return 1;
		}
	}
	return 0;
}

// sl_no_display returns why no X display can be used, or NULL when one
// can: DISPLAY must be set and an X connection to it must open. libX11 is
// looked up at run time (the game links it anyway, so this only finds it).
static const char *sl_no_display(void) {
	const char *name = getenv("DISPLAY");
	if (name == NULL || *name == '\0') {
		return "no display (DISPLAY is not set)";
	}
	void *x11 = dlopen("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
	if (x11 == NULL) {
		return "no display (libX11.so.6 cannot be loaded)";
	}
	void *(*open)(const char *) = (void *(*)(const char *))dlsym(x11, "XOpenDisplay");
	int (*close)(void *) = (int (*)(void *))dlsym(x11, "XCloseDisplay");
	if (open == NULL || close == NULL) {
		return "no display (libX11.so.6 has no XOpenDisplay)";
	}
	void *d = open(name);
	if (d == NULL) {
		static char why[128];
		snprintf(why, sizeof why, "no display (cannot open DISPLAY=%s)", name);
		return why;
	}
	close(d);
	return NULL; // libX11 stays loaded: the game uses it next
}

// sightline_display runs before the Go runtime starts. Without an X
// display ebiten panics while Go initialises its packages, before any of
// our Go code runs; so here, and only then, the process answers -h with
// the usage or says in one line that the game needs a display.
__attribute__((constructor)) static void sightline_display(int argc, char **argv, char **envp) {
	(void)envp;
	const char *why = sl_no_display();
	if (why == NULL) {
		return;
	}
	if (sl_wants_help(argc, argv)) {
		fputs(sl_usage, stdout);
		exit(0);
	}
	fprintf(stderr, "sightline: %s: the game opens a window; run it in a desktop session or under xvfb-run -a. "
		"Scenarios and replays run without one: sightline-cli scenario FILE, sightline-cli replay verify FILE\n", why);
	exit(1);
}
*/
import "C"

// gameUsage returns the usage text the C constructor prints without a
// display, so -h says the same with one.
func gameUsage() string { return C.GoString(C.sl_usage_text()) }
