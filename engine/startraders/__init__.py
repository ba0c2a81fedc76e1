"""Star Traders (Isaac Asimov Presents), the ruleset ``star-traders``, on the engine kernel.

Rules text: ``../shared/rules/002_44034a3d00936423.txt``; design notes: ``docs/star-traders.md``.
"""
