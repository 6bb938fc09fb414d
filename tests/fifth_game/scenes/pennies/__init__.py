"""Matching Pennies 猜硬幣: its table, results, rules pages, medallion and demo matches."""
