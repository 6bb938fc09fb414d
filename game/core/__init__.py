"""What every engine shares: errors, RNG, actions, records, the match, bots."""
