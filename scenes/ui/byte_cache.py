"""A cache bounded by the bytes it holds, not by how many entries: a thousand small labels cost what
a few large pictures do, and a large picture never keeps a crowd of others in memory with it."""
from __future__ import annotations

from collections import OrderedDict


class ByteLRU:
    """A least-recently-used cache that forgets its oldest entries once they hold more than `limit` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.bytes = 0
        self._items: OrderedDict = OrderedDict()  # key -> (value, its bytes)

    def get(self, key):
        item = self._items.get(key)
        if item is None:
            return None
        self._items.move_to_end(key)
        return item[0]

    def reserve(self, size: int) -> None:
        """Forget the oldest entries until `size` more bytes fit (before making a large one)."""
        while self._items and self.bytes + size > self.limit:
            _, (_, gone) = self._items.popitem(last=False)
            self.bytes -= gone

    def put(self, key, value, size: int) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= old[1]
        self._items[key] = (value, size)
        self.bytes += size
        while self.bytes > self.limit and len(self._items) > 1:
            _, (_, gone) = self._items.popitem(last=False)
            self.bytes -= gone

    def pop(self, key, default=None):
        item = self._items.pop(key, None)
        if item is None:
            return default
        self.bytes -= item[1]
        return item[0]

    def __len__(self) -> int:
        return len(self._items)


PICTURE_CACHE_BYTES = 16 * 1024 * 1024  # a table's card faces, at two or three sizes


class PictureCache(ByteLRU):
    """Pictures (pygame surfaces) by key, bounded by their pixels' bytes."""

    def get_or_make(self, key, make):
        surf = self.get(key)
        if surf is None:
            surf = make()
            self.put(key, surf, 64 + surf.get_width() * surf.get_height() * surf.get_bytesize())
        return surf
