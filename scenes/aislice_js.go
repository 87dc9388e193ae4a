package scenes

// aiSlice is how many tiles the computer scores per frame in the browser,
// where its thinking shares the page's one thread with the drawing: a
// few milliseconds a frame.
const aiSlice = 64
