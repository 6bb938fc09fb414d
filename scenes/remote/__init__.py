"""A seat at a table hosted on another computer: the table scene's additions (seat.py)."""
