#!/usr/bin/env bash
# deps.sh installs what Sightline needs to build and test, and nothing twice.
#
#   .ci/deps.sh desktop   Debian libraries for the cgo (ebiten/GLFW) build
#   .ci/deps.sh test      xvfb, xauth, Mesa (libgl1-mesa-dri), chromium, tiled, brotli, qemu-user-static, postgresql, node/npm and wasm/node_modules
#   .ci/deps.sh all       both
#
# As root it installs the missing Debian packages with apt-get (running
# apt-get update only when something is missing); otherwise it prints the
# sudo command to run and exits 1. It never downloads a browser: the browser
# smoke test drives Debian's /usr/bin/chromium through playwright-core.
set -euo pipefail
cd "$(dirname "$0")/.."

desktop_pkgs=(gcc libc6-dev pkg-config libgl1-mesa-dev libx11-dev libxrandr-dev
	libxcursor-dev libxinerama-dev libxi-dev libxxf86vm-dev libasound2-dev)
# brotli: make wasm (wasm/build.sh) writes sightline.wasm.br with it.
# postgresql: the online server's storage suite starts a server of its own (netplay/).
# libgl1-mesa-dri: Mesa's llvmpipe, the OpenGL the browser smokes' pages draw
# their WebGL with under Xvfb (wasm/smoke.mjs, renderer).
test_pkgs=(xvfb xauth libgl1-mesa-dri chromium tiled brotli qemu-user-static postgresql)

# missing prints the packages among its arguments that dpkg does not report installed.
missing() {
	local p
	for p in "$@"; do
		if [ "$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)" != "install ok installed" ]; then
			printf '%s\n' "$p"
		fi
	done
}

# apt_install installs its arguments, or tells a non-root user how to.
apt_install() {
	[ "$#" -gt 0 ] || return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "deps: missing Debian packages: $*" >&2
		echo "deps: run: sudo apt-get update && sudo apt-get install -y --no-install-recommends $*" >&2
		exit 1
	fi
	echo "deps: installing $*"
	apt-get update
	DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
}

desktop() {
	local need
	mapfile -t need < <(missing "${desktop_pkgs[@]}")
	apt_install "${need[@]}"
}

test_deps() {
	local need
	mapfile -t need < <(missing "${test_pkgs[@]}")
	# node and npm may come from outside Debian (e.g. nodesource): check the commands.
	if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
		need+=(nodejs npm)
	fi
	apt_install "${need[@]}"
	# npm ci when node_modules is missing or older than the lock file. A
	# wasm/node_modules that is a link (git worktrees sharing one checkout's)
	# is never reinstalled: npm ci would empty the folder it points to, under
	# the other checkout, which a fresh worktree's newer lock file triggered.
	if [ -L wasm/node_modules ]; then
		if [ ! -d wasm/node_modules/playwright-core ]; then
			echo "deps: wasm/node_modules links to a folder without playwright-core: run npm ci where it points" >&2
			return 1
		fi
	elif [ ! -d wasm/node_modules/playwright-core ] ||
		[ wasm/package-lock.json -nt wasm/node_modules/.package-lock.json ]; then
		echo "deps: npm ci in wasm/"
		(cd wasm && npm ci --no-audit --no-fund)
	fi
}

case "${1:-all}" in
desktop) desktop ;;
test) test_deps ;;
all)
	desktop
	test_deps
	;;
*)
	echo "usage: $0 desktop|test|all" >&2
	exit 2
	;;
esac
