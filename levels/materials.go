package levels

// material is what a piece of cover is made of and the defaults it brings.
type material struct {
	// de is the defence against penetration (ruleset: soft 3, hard 12,
	// very hard 18).
	de int
	// blocksSight and blocksEffect say which lines it stops.
	blocksSight, blocksEffect bool
	// destructible says whether attacks can break it.
	destructible bool
}

// materialNames lists the Material enum in the order of the project file.
var materialNames = [...]string{"wood", "sandbag", "brick", "concrete", "metal", "glass", "smoke", "foliage"}

// materialFor returns the defaults of a material named in materialNames.
func materialFor(name string) material {
	switch name {
	case "wood":
		return material{de: 3, blocksSight: true, blocksEffect: true, destructible: true}
	case "sandbag":
		return material{de: 6, blocksSight: true, blocksEffect: true, destructible: true}
	case "brick":
		return material{de: 12, blocksSight: true, blocksEffect: true, destructible: true}
	case "concrete":
		return material{de: 18, blocksSight: true, blocksEffect: true}
	case "metal":
		return material{de: 14, blocksSight: true, blocksEffect: true}
	case "glass":
		return material{de: 2, blocksEffect: true, destructible: true}
	case "smoke":
		return material{blocksSight: true}
	case "foliage":
		return material{blocksSight: true, destructible: true}
	}
	return material{}
}
