"""Errors the engines and the save layer raise."""


class IllegalAction(Exception):
    """An action that is not legal for that seat now. The state is unchanged."""


class SaveError(Exception):
    """A save file that cannot be used: missing, truncated, foreign or hostile."""
