"""The Elfenland table: the Tiled board with zoom and pan, counters, boots, panels."""
