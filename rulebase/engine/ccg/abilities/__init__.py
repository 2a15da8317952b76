"""Card text as abilities the engine carries out (chapter 7): the ability
model (:mod:`.model`), its reading from a card's text (:mod:`.reading`),
the tables of what the engine can do (:mod:`.verbs` and the modules beside
it) and when abilities act (:mod:`.events`)."""
