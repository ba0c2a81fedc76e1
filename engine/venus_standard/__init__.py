"""Merchant of Venus, 2012 edition, the standard game: ruleset ``venus-standard``.

The book is ``../shared/rules/003_407496ad60b987bd.txt``; every rule cites its headings.
How the package is put together (``docs/venus-standard.md``): ``state.py`` holds the state,
``commands.py`` the commands, ``rules.py`` routes a command to its rule on a ``Draft``
(``draft.py``), ``evolve.py`` applies events, ``legal.py`` says who is waited for and what
they may do, ``rounds.py`` runs rounds, turns and phases, ``scoring.py`` ends the game,
``setup.py`` sets a table up, ``view.py`` shows a seat what it may see. The components'
modules only define their commands, rules, handlers, offers and hooks; ``order.py`` is the
one place that imports them all and writes down when each runs, in which order
(``hookpoints.Hooks``); ``evolve.py`` folds with every module's event handlers.
"""
