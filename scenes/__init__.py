"""pygame scenes: the scene manager, menus, hand-off curtain and one scene package per game."""
