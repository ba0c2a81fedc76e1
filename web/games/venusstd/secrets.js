// What the full log of a finished standard game tells that nobody saw while it was played
// (docs/architecture.md, "Hidden information and randomness": a finished game's replay shows
// every secret): the face-down
// First Contact card in each system (Setup 3), and where a Data Probe switched two of them
// ("Appendix B > Data Probe"). A game in progress gives a redacted log: nothing is found.

/** The face-down First Contact cards over time, ``{firstContact: [{seq, cards}]}`` (cards:
 * system -> culture), from the events whose data a full log carries; null when none does. */
export function secretsOf(events) {
  const firstContact = [];
  let cards = null;
  for (const ev of events) {
    if (ev.redacted || !ev.data) continue;
    if (ev.type === "FirstContactPlaced") cards = { ...ev.data.cards };
    else if (ev.type === "ScenarioSetUp" && ev.data.state?.first_contact) cards = { ...ev.data.state.first_contact };
    else if (ev.type === "FirstContactCardsSwapped" && cards) {
      const [a, b] = ev.data.systems || [];
      [cards[a], cards[b]] = [cards[b], cards[a]];
    } else continue;
    firstContact.push({ seq: ev.seq, cards: { ...cards } });
  }
  return firstContact.length ? { firstContact } : null;
}

/** The face-down cards (system -> culture) after event ``seq``, from ``secretsOf``; {} when
 * there are no secrets. */
export function faceDownAt(secrets, seq) {
  let now = {};
  for (const step of secrets?.firstContact || []) {
    if (seq !== null && seq !== undefined && step.seq > seq) break;
    now = step.cards;
  }
  return now;
}
