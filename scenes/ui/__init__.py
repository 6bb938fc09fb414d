"""The few widgets Sifang Table needs, styled like a board game rather than an OS."""
