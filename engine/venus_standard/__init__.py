"""Merchant of Venus, the 2012 standard game (ruleset ``venus-standard``)."""
