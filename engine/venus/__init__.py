"""Merchant of Venus classic: ruleset id ``venus`` (editions avalon-hill and classic-2012)."""
