"""Elfenland 精靈國度 (Alan R. Moon, 1998), 2-6 players: board data so far (the engine comes later)."""
