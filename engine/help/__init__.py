"""Rules help: the rules reference in our own words, per ruleset (``reference``), and which
rules the program cites to players (``citations``)."""
