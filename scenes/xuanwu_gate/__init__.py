"""The Xuanwu Gate Incident 玄武門之變: table, card art, rules pages, reveal and demo matches."""
