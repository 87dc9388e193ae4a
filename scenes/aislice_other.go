//go:build !js

package scenes

// aiSlice is how many tiles the computer scores per frame on the desktop:
// a few milliseconds, so a frame never waits for a whole decision.
const aiSlice = 256
