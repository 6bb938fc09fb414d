"""The Wonderful Island 美麗島風雲: its rules pages (the table scene is still to come)."""
