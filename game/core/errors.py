"""Errors the engines and the save layer raise."""


class IllegalAction(Exception):
    """An action that is not legal for that seat now. The state is unchanged."""


class SaveError(Exception):
    """A save file that cannot be used: missing, truncated, foreign or hostile.

    `kind` sorts the reason for the player (the UI translates "save.error.<kind>");
    the message is the technical detail, for the log.
    """

    KINDS = ("unreadable", "damaged", "foreign", "illegal")

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind if kind in self.KINDS else "damaged"
