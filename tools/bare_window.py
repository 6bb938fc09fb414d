"""A bare pygame window, the reference for start-up times (tools/bench_startup.py): it opens a
1280x720 window, fills it once and waits. Run from source, or built like the game
(`SIFANG_BARE=1 pyinstaller build.spec`: dist/BareWindow, dist/BareWindow-onefile) so that each
build of the game is compared with a bare window started the same way.

    --without-pkg-resources   start pygame as main.py does, without setuptools' pkg_resources
"""
import sys
import time

if "--without-pkg-resources" in sys.argv:
    sys.modules["pkg_resources"] = None  # type: ignore[assignment]

import pygame

pygame.display.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((30, 30, 30))
pygame.display.flip()
end = time.monotonic() + 30
while time.monotonic() < end:  # until closed (SIGTERM arrives as a quit event) or 30 s
    if any(e.type == pygame.QUIT for e in pygame.event.get()):
        break
    time.sleep(0.01)
