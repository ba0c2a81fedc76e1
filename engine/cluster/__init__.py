"""What the Merchant of Venus rulesets share: the 2012 culture facts (``cultures``)."""
