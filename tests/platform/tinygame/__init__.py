"""Tiny Duel: a game that exists only in the tests, to prove the platform is generic.

It is installed the way a game of its own package would be: a ``tiny_duel-*.dist-info``
folder (``tests/platform/site``) names ``GAME`` in the ``starport.games`` entry-point group, and
``tests/conftest.py`` puts that folder on ``sys.path`` (and on ``PYTHONPATH`` for the server
processes the tests start). Nothing outside ``tests/`` knows it exists
(``docs/architecture.md``, "Adding a game"; ``tests/platform/test_boundary.py``).

The rules (cited by number in the code):

1. Setting up. Two players. Six cards (anchor 1, bell 2, crown 3, drum 4, eagle 5, flame 6)
   are shuffled and each player is dealt one face down: only its holder may look at it. The
   rest of the deck is never seen. The first seat plays first; the table plays ``rounds``
   rounds (a table option, 1 to 5).
2. A turn.
   2.1 Before rolling, the player may Double: his stake is 2 instead of 1.
   2.2 He rolls one die and scores the die times his stake; a 1 rolled on a doubled stake
       scores nothing (a bust).
   2.3 After rolling he may Reveal his card (once a game): it is shown to everyone and
       scores 1 point. Then he ends his turn.
3. The end. After the last round every card is shown; each player adds his card's number to
   his points. The most points wins; a tie goes to the higher card.

Take-backs (the platform's house rule, ``engine.kernel.takeback``): a Double may be taken
back until the die is rolled; a roll, a reveal and the turn passing are barriers.
"""
