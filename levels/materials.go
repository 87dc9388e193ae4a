package levels

// materialNames lists the Material enum in the order of the project file.
// Each name's numbers (DE, which lines it blocks, whether it breaks) come
// from the rules' material table, rules/data/defaults.json.
var materialNames = [...]string{"wood", "sandbag", "brick", "concrete", "metal", "glass", "smoke", "foliage"}
