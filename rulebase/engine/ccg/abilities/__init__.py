"""Card text as abilities the engine carries out (chapter 7): the ability
model (:mod:`.model`), its reading from a card's text (:mod:`.reading`),
the tables of what the engine can do (:mod:`.verbs` and the modules beside
it), and when abilities act: the events steps announce (:mod:`.events`),
triggered abilities and their processing (:mod:`.triggers`), activated
abilities as actions (:mod:`.activated`), continuous and replacement
modifiers (:mod:`.continuous`) and the keywords as abilities
(:mod:`.keywords`)."""
