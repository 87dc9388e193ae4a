//go:build linux && !android && cgo

package systems

// #cgo pkg-config: alsa
// #include <alsa/asoundlib.h>
//
// static void sightline_alsa_quiet(const char *file, int line, const char *fn, int err, const char *fmt, ...) {}
//
// // sightline_alsa_probe opens the default playback device without
// // blocking and sets it up as Ebitengine's audio (oto) will: float
// // samples, stereo, 44100 Hz. It closes it again, with ALSA's own
// // error messages off, and returns 0 or ALSA's negative error code.
// static int sightline_alsa_probe(unsigned rate) {
// 	snd_pcm_t *h;
// 	snd_pcm_hw_params_t *p;
// 	snd_lib_error_set_handler(sightline_alsa_quiet);
// 	int rc = snd_pcm_open(&h, "default", SND_PCM_STREAM_PLAYBACK, SND_PCM_NONBLOCK);
// 	if (rc >= 0) {
// 		snd_pcm_hw_params_malloc(&p);
// 		if ((rc = snd_pcm_hw_params_any(h, p)) >= 0 &&
// 			(rc = snd_pcm_hw_params_set_access(h, p, SND_PCM_ACCESS_RW_INTERLEAVED)) >= 0 &&
// 			(rc = snd_pcm_hw_params_set_format(h, p, SND_PCM_FORMAT_FLOAT_LE)) >= 0 &&
// 			(rc = snd_pcm_hw_params_set_channels(h, p, 2)) >= 0 &&
// 			(rc = snd_pcm_hw_params_set_rate_resample(h, p, 1)) >= 0 &&
// 			(rc = snd_pcm_hw_params_set_rate_near(h, p, &rate, NULL)) >= 0) {
// 			rc = snd_pcm_hw_params(h, p);
// 		}
// 		snd_pcm_hw_params_free(p);
// 		snd_pcm_close(h);
// 	}
// 	snd_lib_error_set_handler(NULL);
// 	return rc;
// }
import "C"

import (
	"fmt"

	"sightline/sound"
)

// probeAudio reports whether ALSA's default playback device opens and
// takes the format Ebitengine's audio asks of it. With
// none (a CI machine under Xvfb), Ebitengine's audio would fail from
// inside the game loop and end the game, so the game stays silent
// instead. A device busy elsewhere counts as none.
func probeAudio() error {
	if rc := C.sightline_alsa_probe(sound.Rate); rc < 0 {
		return fmt.Errorf("no sound device: ALSA: %s", C.GoString(C.snd_strerror(rc)))
	}
	return nil
}
