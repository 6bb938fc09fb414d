"""Errors the engines and the save layer raise."""


class IllegalAction(Exception):
    """An action that is not legal for that seat now. The state is unchanged."""


class SaveError(Exception):
    """A save file that cannot be used: missing, truncated, foreign or hostile.

    `kind` sorts the reason for the player (the UI translates "save.error.<kind>");
    the message is the technical detail, for the log.
    """

    KINDS = ("unreadable", "damaged", "foreign", "illegal", "too_long", "special")

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind if kind in self.KINDS else "damaged"


class SaveFailed(Exception):
    """The autosave could not be written (read-only folder, full disk, a file held open).

    The action that needed it was taken back, so nothing is lost and nothing applied twice on a
    retry. `kind` sorts the reason for the player (the UI translates "save.failed.<kind>").
    """

    KINDS = ("full", "denied", "busy", "other")

    def __init__(self, message: str, kind: str = "other") -> None:
        super().__init__(message)
        self.kind = kind if kind in self.KINDS else "other"

    @classmethod
    def from_os_error(cls, exc: OSError) -> "SaveFailed":
        import errno
        code = getattr(exc, "errno", None)
        # Windows reports a file held open by another program (sharing or lock violation) as
        # EACCES too; its winerror tells them apart.
        kind = ("busy" if getattr(exc, "winerror", None) in (32, 33) or code in (errno.EBUSY, errno.ETXTBSY)
                else "full" if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1), errno.EFBIG)
                else "denied" if code in (errno.EROFS, errno.EACCES, errno.EPERM)
                else "other")
        return cls(f"the game could not be saved: {exc.strerror or exc}", kind)


class OptionRefused(ValueError):
    """A combination of options the engine refuses at this table (EU's intro game at 6-7 players).

    The message is English, for the log; `key` (with `params`) names the reason in
    assets/i18n, so the setup can say it in the player's language.
    """

    def __init__(self, message: str, key: str, **params) -> None:
        super().__init__(message)
        self.key = key
        self.params = params
