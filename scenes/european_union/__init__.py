"""European Union 歐盟議會: the council table scene, its cards, rules pages and results."""
