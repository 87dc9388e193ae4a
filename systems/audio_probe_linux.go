//go:build linux && !android && cgo

package systems

// #cgo pkg-config: alsa
// #include <alsa/asoundlib.h>
//
// static void sightline_alsa_quiet(const char *file, int line, const char *fn, int err, const char *fmt, ...) {}
//
// // sightline_alsa_probe opens the default playback device without
// // blocking and closes it again, with ALSA's own error messages off.
// static int sightline_alsa_probe(void) {
// 	snd_pcm_t *h;
// 	snd_lib_error_set_handler(sightline_alsa_quiet);
// 	int rc = snd_pcm_open(&h, "default", SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK);
// 	if (rc >= 0) snd_pcm_close(h);
// 	snd_lib_error_set_handler(NULL);
// 	return rc;
// }
import "C"

import "fmt"

// probeAudio reports whether ALSA's default playback device opens. With
// none (a CI machine under Xvfb), Ebitengine's audio would fail from
// inside the game loop and end the game, so the game stays silent
// instead. A device busy elsewhere counts as none.
func probeAudio() error {
	if rc := C.sightline_alsa_probe(); rc < 0 {
		return fmt.Errorf("no sound device: ALSA: %s", C.GoString(C.snd_strerror(rc)))
	}
	return nil
}
