"""The shell: every scene around the tables (main menu, setup, settings, saved games, history,
watching a game again, the rules help, the game's menu, results, dialogs, the hand-off curtain).
A scene opens another by name through scenes/registry.py, so no two scenes import each other."""
