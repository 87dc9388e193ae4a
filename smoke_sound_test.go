//go:build !js

package main

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"testing"

	"sightline/sound"
)

// minRecordedDBFS is the quietest RMS a battle's recording may have: the
// ambient loop plays under every battle (sound/, about -38 dBFS at the
// default volumes); silence is -Inf.
const minRecordedDBFS = -60

// checkRecording checks the WAV file -record-audio wrote: a 16-bit stereo
// PCM file at sound.Rate, at least a second long, and not silent.
func checkRecording(t *testing.T, path string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("-record-audio: %v", err)
	}
	le := binary.LittleEndian
	if len(b) < 44 || !bytes.Equal(b[0:4], []byte("RIFF")) || !bytes.Equal(b[8:16], []byte("WAVEfmt ")) ||
		le.Uint16(b[20:]) != 1 || le.Uint16(b[22:]) != sound.Channels || le.Uint32(b[24:]) != sound.Rate ||
		le.Uint16(b[34:]) != 16 || !bytes.Equal(b[36:40], []byte("data")) || int(le.Uint32(b[40:])) != len(b)-44 {
		t.Fatalf("%s is not a 16-bit stereo PCM WAV file at %d Hz (%d bytes)", path, sound.Rate, len(b))
	}
	data := b[44:]
	secs := float64(len(data)) / (2 * sound.Channels * sound.Rate)
	sum := 0.0
	for i := 0; i+1 < len(data); i += 2 {
		v := float64(int16(le.Uint16(data[i:]))) / math.MaxInt16
		sum += v * v
	}
	rms := sound.DBFS(math.Sqrt(sum / float64(max(len(data)/2, 1))))
	t.Logf("-record-audio: %.1f s of sound, RMS %.1f dBFS", secs, rms)
	if secs < 1 || rms < minRecordedDBFS {
		t.Errorf("%s: %.1f s at RMS %.1f dBFS, want at least 1 s of the ambient, above %d dBFS", path, secs, rms, minRecordedDBFS)
	}
}
