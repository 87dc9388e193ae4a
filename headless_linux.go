//go:build linux && !android

package main

/*
#cgo CFLAGS: -DSIGHTLINE_SRCDIR=${SRCDIR}
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define SL_STR2(x) #x
#define SL_STR(x) SL_STR2(x)

// sightline_headless runs before any Go package is initialised. ebiten's
// window library panics during initialisation when there is no X display,
// which would make the headless `sightline scenario FILE` unusable on
// servers and in CI. So, for that subcommand only and only without a
// display, hand over to the same runner built without the window library
// (`go -C <source dir> build ./rules/scenario/headless`, then exec it).
__attribute__((constructor)) static void sightline_headless(int argc, char **argv, char **envp) {
	(void)envp;
	if (argc < 2 || strcmp(argv[1], "scenario") != 0) {
		return;
	}
	const char *display = getenv("DISPLAY");
	const char *wayland = getenv("WAYLAND_DISPLAY");
	if ((display && *display) || (wayland && *wayland) || getenv("SIGHTLINE_NO_HANDOVER")) {
		return;
	}
	char cwd[PATH_MAX];
	if (getcwd(cwd, sizeof cwd) == NULL) {
		return;
	}
	setenv("SIGHTLINE_CWD", cwd, 1);
	setenv("SIGHTLINE_NO_HANDOVER", "1", 1);
	// Build the headless runner into a private temporary folder, then
	// replace this process with it (so its exit status is ours).
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
		execlp("go", "go", "-C", SL_STR(SIGHTLINE_SRCDIR), "build", "-o", bin, "./rules/scenario/headless", (char *)NULL);
		_exit(127);
	}
	int status = 0;
	if (pid < 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "sightline: no X display, and the headless scenario runner could not be built (needs the go command): try `go run ./rules/scenario/headless FILE`\n");
		exit(2);
	}
	setenv("SIGHTLINE_HEADLESS_BIN", bin, 1);
	char *args[3] = {bin, argc >= 3 ? argv[2] : NULL, NULL};
	execv(bin, args);
	perror("sightline: headless runner");
	exit(2);
}
*/
import "C"
