//go:build linux && !android

package main

/*
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

// sl_is_source reports whether dir holds Sightline's source (the headless
// runner's package).
static int sl_is_source(const char *dir) {
	char p[PATH_MAX];
	snprintf(p, sizeof p, "%s/rules/scenario/headless", dir);
	return access(p, R_OK) == 0;
}

// sl_srcdir puts the source folder into dir (n bytes): the folder this file
// was compiled from (cgo gives the preamble its source path; no build flag
// carries it, since cgo refuses flags with a '-' in a folder's name), or
// else the working folder. It returns 0 when neither holds the source.
static int sl_srcdir(char *dir, size_t n, const char *cwd) {
	const char *f = __FILE__;
	const char *slash = strrchr(f, '/');
	if (f[0] == '/' && slash != NULL && (size_t)(slash - f) < n) {
		memcpy(dir, f, (size_t)(slash - f));
		dir[slash - f] = '\0';
		if (sl_is_source(dir)) {
			return 1;
		}
	}
	if (strlen(cwd) < n && sl_is_source(cwd)) {
		strcpy(dir, cwd);
		return 1;
	}
	return 0;
}

// sl_level returns the value of a -level / --level flag, or NULL.
static const char *sl_level(int argc, char **argv) {
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "-level") == 0 || strcmp(a, "--level") == 0) {
			return i + 1 < argc ? argv[i + 1] : NULL;
		}
		if (strncmp(a, "-level=", 7) == 0) {
			return a + 7;
		}
		if (strncmp(a, "--level=", 8) == 0) {
			return a + 8;
		}
	}
	return NULL;
}

// sightline_headless runs before any Go package is initialised. ebiten's
// window library panics during initialisation when there is no X display,
// so without one the game binary would die with a panic trace whatever it
// was asked. Instead, with no display:
//   - `sightline scenario FILE` and `sightline -level MAP` hand over to the
//     same code built without the window library (rules/scenario/headless:
//     it plays the scenario, or checks the map and reports its error with
//     status 2), built with `go -C <source dir> build` and exec'd, so its
//     exit status is ours;
//   - anything else says plainly that the game needs a display.
__attribute__((constructor)) static void sightline_headless(int argc, char **argv, char **envp) {
	(void)envp;
	const char *display = getenv("DISPLAY");
	const char *wayland = getenv("WAYLAND_DISPLAY");
	if ((display && *display) || (wayland && *wayland) || getenv("SIGHTLINE_NO_HANDOVER")) {
		return;
	}
	char *args[4] = {NULL, NULL, NULL, NULL};
	if (argc >= 2 && strcmp(argv[1], "scenario") == 0) {
		args[1] = argc >= 3 ? argv[2] : NULL;
	} else if (sl_level(argc, argv) != NULL) {
		args[1] = "-level";
		args[2] = (char *)sl_level(argc, argv);
	} else {
		fprintf(stderr, "sightline: no display (DISPLAY is not set). The game opens a window: run it in a desktop session or under xvfb-run. `sightline scenario FILE` works without one.\n");
		exit(1);
	}
	char cwd[PATH_MAX];
	if (getcwd(cwd, sizeof cwd) == NULL) {
		return;
	}
	char src[PATH_MAX];
	if (!sl_srcdir(src, sizeof src, cwd)) {
		fprintf(stderr, "sightline: no display, and the source folder the headless runner is built from was not found: run from it, or try `go run ./rules/scenario/headless FILE` there\n");
		exit(2);
	}
	setenv("SIGHTLINE_CWD", cwd, 1);
	setenv("SIGHTLINE_NO_HANDOVER", "1", 1);
	// Build the headless runner into a private temporary folder, then
	// replace this process with it.
	const char *tmp = getenv("TMPDIR");
	char dir[PATH_MAX];
	snprintf(dir, sizeof dir, "%s/sightline-headless-XXXXXX", (tmp && *tmp) ? tmp : "/tmp");
	if (mkdtemp(dir) == NULL) {
		perror("sightline: headless runner");
		exit(2);
	}
	char bin[PATH_MAX];
	snprintf(bin, sizeof bin, "%s/headless", dir);
	pid_t pid = fork();
	if (pid == 0) {
		dup2(2, 1); // build chatter goes to stderr, never into the event stream
		execlp("go", "go", "-C", src, "build", "-o", bin, "./rules/scenario/headless", (char *)NULL);
		_exit(127);
	}
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "sightline: no display, and the headless runner could not be built (needs the go command): try `go run ./rules/scenario/headless FILE`\n");
		exit(2);
	}
	setenv("SIGHTLINE_HEADLESS_BIN", bin, 1);
	args[0] = bin;
	execv(bin, args);
	perror("sightline: headless runner");
	exit(2);
}
*/
import "C"
