"""Phase names of The Wonderful Island's state machine, and which hide who is deciding."""
CHARACTER, VENUE, ASK, START, PLAY, DISCARD = "character", "venue", "ask", "start", "play", "discard"
REACT, RESPOND, CHOOSE = "react", "respond", "choose"
DICE, OFFER, ANSWER, VOTE, PAY, ALLOT, GIFT = "dice", "offer", "answer", "vote", "pay", "allot", "gift"
TARGET, LAY, MATCH, ISSUE, REPLY, LOSE = "target", "lay", "match", "issue", "reply", "lose"
OVER = "over"

# Asking only the seats that hold an answer would tell the table who holds one: views leave the
# decider out during the reaction window and while a target decides on 沙盤推演.
HIDDEN_ACTOR = frozenset({REACT, RESPOND})
