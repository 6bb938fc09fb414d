from game.core.bots import Bot, RandomBot
class NormalBot(RandomBot):
    level = "normal"
