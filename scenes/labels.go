package scenes

// The house style of labels, one per kind of button. A menu item, a
// choice in a list of them or a button filled like one (the title's items
// and its Help, Settings', Load's, Online's and the pause menu's items,
// the help card's page buttons), reads as a sentence: "Back", "Help". A
// screen button, chrome on a bar or in a corner (the battle's END TURN,
// MENU, UNDO and touch keys, the level select's BACK), reads in capitals.
// The labels of both kinds that several screens share are these.
const (
	itemBack   = "Back"
	itemHelp   = "Help"
	buttonBack = "BACK"
)
