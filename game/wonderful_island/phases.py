"""Phase names of The Wonderful Island's state machine, and which hide who is deciding."""
CHARACTER, VENUE, ASK, START, PLAY, DISCARD = "character", "venue", "ask", "start", "play", "discard"
REACT, RESPOND, CHOOSE = "react", "respond", "choose"
DICE, OFFER, ANSWER, VOTE, PAY, ALLOT, GIFT = "dice", "offer", "answer", "vote", "pay", "allot", "gift"
TARGET, LAY, MATCH, ISSUE, REPLY, LOSE = "target", "lay", "match", "issue", "reply", "lose"
OVER = "over"

# Asking only the seats that hold an answer would tell the table who holds one: views leave the
# decider out during the reaction window (which may ask only holders). A target deciding on 沙盤推演
# is asked whether it holds one or not, so that decision is public (edition 1 records: see view).
HIDDEN_ACTOR = frozenset({REACT})

# Decisions said aloud, needing no look at one's own cards: taken on the public screen (no hand-off).
# The TV debate's question (join or refuse) is answered aloud like an offer; the candidate's offer
# and a forced answer are open only when public facts leave nothing private in them (WIState).
OPEN_PHASES = frozenset({ANSWER, ALLOT, DICE, ASK})
