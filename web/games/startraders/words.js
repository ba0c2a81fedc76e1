// The log of Star Traders in words: one sentence per event (present tense), null for an event
// that says nothing to a player (deck orders, a die used). Private events seen by this seat
// are marked "only you see this" by the caller through ``privateTo``.

const WHY_STELLORS = {
  station: "for a station", engine: "for an engine", abandon: "to abandon a cargo",
  "petition-price": "for the petition", petition: "by the petition", deal: "in a deal",
  delivery: "for the delivery", payoff: "as a payoff", jubilee: "to the Jubilee",
  mission: "for the Imperial Mission", gotcha: "to Gotcha!", repairs: "for repairs",
};

const WINDOW = {
  avoid_calamity: "Avoid Calamity", quarantine: "the Quarantine interval",
  zap: "the Zap/Reroll interval", you_are_lost: "the You Are Lost interval",
  petition: "the moment before the petition's roll",
};

function signed(n, unit) {
  return `${n > 0 ? "gains" : "loses"} ${Math.abs(n)} ${unit}`;
}

function why(reason) {
  if (!reason) return "";
  return ` ${WHY_STELLORS[reason] || `(${String(reason).replace(/-/g, " ")})`}`;
}

function jumpKind(kind) {
  return kind === "station" ? "a station jump" : kind === "superjump" ? "a Superjump" : "a regular jump";
}

/** One event in words for this seat; null when it says nothing to a player. */
export function describeEvent(ev, names, me = -1) {
  const words = sentence(ev, names, me);
  if (!words) return words;
  const tidy = words.replace(/!\.$/, "!").replace(/!\)\.$/, "!).");
  return tidy[0].toUpperCase() + tidy.slice(1);
}

function sentence(ev, names, me) {
  if (ev.redacted) {
    if (ev.type === "ReactionAsked" || ev.type === "ReactionPolicySet") return null;
    if (ev.type === "DealOffered") return "A deal is offered between two other players.";
    return null;
  }
  const d = ev.data || {};
  const who = (s) => (s === me ? "You" : names.seat(s));
  const W = (w) => names.world(w);
  const card = (c) => names.card(c);
  switch (ev.type) {
    case "GameSetUp": return `The game is set up: ${(d.players || []).map((p) => `${p.name} (${names.personality(p.personality)}) at ${W(p.world)}`).join(", ")}${d.advanced ? "; the advanced game" : ""}.`;
    case "ScenarioSetUp": return "A position is set up.";
    case "DecksShuffled": case "ContractDeckReshuffled": case "LoadedDieUsed": case "IntervalRestarted": return null;
    case "LuckReshuffled": return "The Trader's Luck discards are shuffled into a new deck.";
    case "CardsDrawn": return `${who(d.seat)} draw${d.seat === me ? "" : "s"} ${d.cards.map(card).join(" and ")}.`;
    case "LuckDrawn": return `${who(d.seat)} draw${d.seat === me ? "" : "s"} ${d.count === 1 ? "a Trader's Luck card" : `${d.count} Trader's Luck cards`}.`;
    case "CardTurnedIn": return d.why === "played" ? null : `${who(d.seat)} turn${d.seat === me ? "" : "s"} in ${card(d.card)}${d.why === "reroll" ? " to re-roll" : d.why === "exchange" ? " to exchange it" : d.why ? ` (${d.why})` : ""}.`;
    case "CardKept": return `${who(d.seat)} keep${d.seat === me ? "" : "s"} ${card(d.card)} in front of ${d.seat === me ? "you" : "them"}.`;
    case "StationBuilt": return `${who(d.seat)} build${d.seat === me ? "" : "s"} a station at ${W(d.world)}.`;
    case "ContractDealt": return `Contract #${d.slot + 1}${d.slot === 0 ? " (the Imperial Contract)" : ""}: ${names.contractWords(d.contract)}.`;
    case "TurnStarted": return `Round ${d.round}: ${d.seat === me ? "your" : `${names.seat(d.seat)}'s`} turn.`;
    case "TurnSkipped": return `${names.seat(d.seat)} loses this turn.`;
    case "TurnEnded": return `${who(d.seat)} end${d.seat === me ? "" : "s"} the turn.`;
    case "StageChanged": return `${d.seat === me ? "Your" : `${names.seat(d.seat)}'s`} ${d.stage === "action" ? "Action" : d.stage === "draw" ? "draw" : "movement"} stage.`;
    case "PermissionAsked": return `${who(d.seat)} ask${d.seat === me ? "" : "s"} ${d.owner === me ? "you" : names.seat(d.owner)} for permission to use the station at ${W(d.to)}.`;
    case "PermissionAnswered": return `${who(d.owner)} ${d.granted ? "grant" : "refuse"}${d.owner === me ? "" : "s"} the use of the station at ${W(d.to)}.`;
    case "JumpDeclared": return `${who(d.seat)} declare${d.seat === me ? "" : "s"} ${jumpKind(d.kind)} to ${W(d.to)}.`;
    case "JumpRolled": return `${who(d.seat)} roll${d.seat === me ? "" : "s"} ${d.roll} for ${W(d.to)} (${d.need}+ needed).`;
    case "RollChanged": return `The roll becomes ${d.roll}${d.card ? ` (${card(d.card)})` : ""}.`;
    case "Jumped": return `${who(d.seat)} jump${d.seat === me ? "" : "s"} from ${W(d.origin)} to ${W(d.to)}${d.roll ? ` (rolled ${d.roll}, ${d.need}+ needed)` : ""}.`;
    case "JumpFailed": return `${who(d.seat)} fail${d.seat === me ? "" : "s"} the jump to ${W(d.to)}: rolled ${d.roll}, ${d.need}+ needed.`;
    case "JumpAborted": return `The jump of ${names.seat(d.seat)} to ${W(d.to)} is aborted${d.why === "quarantine" ? " (Quarantine!)" : ""}.`;
    case "RandomJumped": return `${who(d.seat)} make${d.seat === me ? "" : "s"} a random jump from ${W(d.origin)}: ${d.dice.join(" and ")}, to ${W(d.to)}.`;
    case "SpecialRolled": return `${who(d.seat)} roll${d.seat === me ? "" : "s"} ${d.dice.join(" and ")} for ${d.kind === "psychic" ? "a Psychic Jump" : "an Awesome Jump"}.`;
    case "JumpChoices": return `${who(d.seat)} may jump to ${d.worlds.length ? d.worlds.map(W).join(", ") : "nowhere"}.`;
    case "LostJump": return `You Are Lost! ${names.seat(d.seat)} (played by ${names.seat(d.by)}) rolls ${d.dice.join(" and ")} and ends up at ${W(d.to)}.`;
    case "ExtraJump": return `${who(d.seat)} gain${d.seat === me ? "" : "s"} an extra jump attempt (Priority Run!).`;
    case "CargoPickedUp": return `${who(d.seat)} pick${d.seat === me ? "" : "s"} up ${names.cargo(d.cargo)}.`;
    case "CargoRemoved": return `${who(d.seat)} ${d.why === "abandoned" ? "abandon" : d.why === "lost" ? "lose" : d.why === "mission" ? "deliver" : "unload"}${d.seat === me ? "" : "s"} ${names.cargo(d.cargo)}.`;
    case "ContractDelivered": return `${who(d.seat)} deliver${d.seat === me ? "" : "s"} ${names.contractWords(d.contract)}${(d.race || []).length ? `, winning the race against ${d.race.map((s) => names.seat(s)).join(", ")}` : ""}.`;
    case "ContractCompleted": return `Contract ${names.contractWords(d.contract)} is completed; right-to-deliver markers: ${Object.entries(d.rights || {}).map(([s, n]) => `${names.seat(Number(s))} ${n}`).join(", ") || "none"}.`;
    case "ContractDiscarded": return `Contract ${names.contractWords(d.contract)} is discarded.`;
    case "RightUsed": return `${who(d.seat)} use${d.seat === me ? "" : "s"} a right-to-deliver on ${names.contractWords(d.contract)}.`;
    case "StellorsChanged": return `${who(d.seat)} ${signed(d.delta, "Stellors")}${why(d.reason)}.`.replace(/^You gains/, "You gain").replace(/^You loses/, "You lose");
    case "PrestigeChanged": return `${who(d.seat)} ${signed(d.delta, "Prestige")}${why(d.reason)}.`.replace(/^You gains/, "You gain").replace(/^You loses/, "You lose");
    case "EnginesChanged": return `${who(d.seat)} now ${d.seat === me ? "have" : "has"} ${d.engines} engine${d.engines === 1 ? "" : "s"}.`;
    case "PetitionRolled": return `${who(d.seat)} petition${d.seat === me ? "" : "s"} the Emperor${d.kind === "station" ? " for an Imperial Station" : ""} and roll${d.seat === me ? "" : "s"} ${d.roll}.`;
    case "PetitionSettled": return `The petition reads ${d.result} on the ${d.kind === "station" ? "Imperial Station " : ""}Petition Table (roll ${d.roll}${d.bonus ? ` + ${d.bonus} for Prestige` : ""}).`;
    case "PetitionPriced": return `The Emperor asks ${d.price} Stellors${d.refuse_prestige ? `; refusing costs ${d.refuse_prestige} Prestige${d.refuse_stellors ? ` and ${d.refuse_stellors} Stellors` : ""}` : ""}.`;
    case "PetitionClosed": return `${who(d.seat)} ${d.paid ? "pay" : "refuse"}${d.seat === me ? "" : "s"} the Emperor's price.`;
    case "PetitionDeclared": return `${who(d.seat)} petition${d.seat === me ? "" : "s"} the Emperor${d.kind === "station" ? " for an Imperial Station" : " for a Mission"}.`;
    case "PetitionLapsed": return `No station of ${d.seat === me ? "yours" : names.seat(d.seat)} is left to promote: the petition lapses, nothing paid.`;
    case "PetitionWithdrawn": return `The petition of ${d.seat === me ? "yours" : names.seat(d.seat)} falls through before the roll${d.kind === "station" ? "" : ` (Prestige ${d.prestige}, under 15)`}.`;
    case "PermissionWithdrawn": return `${who(d.owner)} withdraw${d.owner === me ? "" : "s"} the permission to use the station at ${W(d.to)}.`;
    case "EngineDestroyed": return `${names.seat(d.by)} destroys an engine of ${d.seat === me ? "yours" : names.seat(d.seat)}.`;
    case "EnvoyLapsed": return `${card(d.card)} on ${d.seat === me ? "you" : names.seat(d.seat)} is discarded: an Envoy or a Mission is already assigned.`;
    case "StartWorldsChosen": return `The starting worlds: ${(d.worlds || []).map(W).join(", ")}.`;
    case "PersonalitiesShuffled": return "The Personality cards are shuffled.";
    case "PersonalityFlipped": return `${names.personality(d.personality)} is flipped up for sealed bids.`;
    case "PersonalityBid": return `${who(d.seat)} bid${d.seat === me ? "" : "s"}${d.stellors !== undefined ? ` ${d.stellors} Stellors` : ""} (sealed).`;
    case "PersonalityBought": return `${who(d.seat)} take${d.seat === me ? "" : "s"} ${names.personality(d.personality)}${d.stellors ? ` for ${d.stellors} Stellors` : " for free"}.`;
    case "PersonalitySetAside": return `Nobody bids for ${names.personality(d.personality)}: it is set aside.`;
    case "SelectionClosed": return "Every Trader has a Personality.";
    case "PersonalityTraded": return `${names.personality(d.personality)} passes from ${names.seat(d.seat)} to ${names.seat(d.to)} (in effect at the end of the turn).`;
    case "PersonalityMoved": return `${names.personality(d.personality)} now plays for ${d.to === me ? "you" : names.seat(d.to)}.`;
    case "PersonalityLapsed": return `${names.personality(d.personality)} lapses on its way from ${names.seat(d.seat)} to ${names.seat(d.to)}.`;
    case "MissionCardRejected": return `The Contract drawn for the mission is not fit: ${names.contractWords(d.contract)}.`;
    case "MissionGranted": return `${who(d.seat)} ${d.seat === me ? "are" : "is"} granted an Imperial Mission: ${names.contractWords(d.contract)}.`;
    case "ImperialStationGranted": return `The station of ${names.seat(d.seat)} at ${W(d.world)} becomes an Imperial Station.`;
    case "KlugeOffered": return `Kluge offers ${names.seat(d.seat)} an engine or ${d.stellors} Stellors and ${d.prestige} Prestige.`;
    case "KlugeChosen": return `${who(d.seat)} take${d.seat === me ? "" : "s"} ${d.engine ? "the engine" : "the Stellors and Prestige"} from Kluge.`;
    case "TelzeyOffered": return `Telzey lets ${names.seat(d.seat)} look at one player's cards.`;
    case "TelzeyLooked": return `${who(d.seat)} look${d.seat === me ? "" : "s"} at ${names.seat(d.target)}'s cards.`;
    case "CardsSeen": return `${d.target === me ? "Your" : `${names.seat(d.target)}'s`} cards: ${d.cards.map(card).join(", ") || "none"}.`;
    case "JackpotRolled": return `${who(d.seat)} roll${d.seat === me ? "" : "s"} ${d.roll} for the Jackpot.`;
    case "JubileeProclaimed": return `${who(d.seat)} proclaim${d.seat === me ? "" : "s"} a Jubilee!`;
    case "NextTurnLost": return `${who(d.seat)} will lose the next turn.`;
    case "DroppedOut": return `${who(d.seat)} drop${d.seat === me ? "" : "s"} out of the game.`;
    case "ReactionPolicySet": return `Your reaction setting: ${policyWords(d.policy)}.`;
    // a Calamity's window follows its CardPlayed, which names the card: only who may answer
    // (the log drops the line again when nobody does); a raid has no card
    case "WindowOpened": return d.kind !== "avoid_calamity" ? `${WINDOW[d.kind] || d.kind} opens.`
      : !d.card ? `${names.seat(d.by)} raids ${d.victim === me ? "you" : names.seat(d.victim)}: a Piracy or Avoid Calamity! may stop it.`
        : names.cardKind(d.card) === "quarantine" ? "Anyone may cancel it with Avoid Calamity!."
          : `${who(d.victim)} may avoid it with Avoid Calamity!.`;
    case "ReactionAsked": return null; // the prompt asks; the play or the window's end is logged
    case "ReactionPassed": return null; // a pass (chosen or by the seat's setting) changes nothing
    case "ReactionPlayed": return null; // its CardPlayed says it
    // ``card`` is the Calamity turned aside; the CardPlayed before it names the Avoid card
    case "CalamityAvoided": return d.card ? `${card(d.card)} is avoided.` : "The raid is fended off.";
    case "WindowClosed": return `${WINDOW[d.kind] || d.kind} closes.`;
    case "WindowsCleared": return "The open reaction windows close.";
    case "CardPlayed": return `${who(d.seat)} play${d.seat === me ? "" : "s"} ${card(d.card)}${d.target !== d.seat && d.target !== null && d.target !== undefined ? ` on ${d.target === me ? "you" : names.seat(d.target)}` : ""}${d.world ? ` at ${W(d.world)}` : ""}${d.cargo ? ` (${d.cargo})` : ""}.`;
    case "QuarantinePlaced": return `Quarantine! on ${W(d.world)} (played by ${names.seat(d.by)}).`;
    case "QuarantineCancelled": return `The Quarantine on ${W(d.world)} is cancelled.`;
    case "QuarantineLifted": return `The Quarantine on ${W(d.world)} is lifted.`;
    case "QuarantineEscaped": return `${who(d.seat)} escape${d.seat === me ? "" : "s"} the Quarantine.`;
    case "StationLost": return `${who(d.seat)} lose${d.seat === me ? "" : "s"} the station at ${W(d.world)}.`;
    case "StationGiven": return `The station at ${W(d.world)} passes from ${names.seat(d.seat)} to ${names.seat(d.to)}.`;
    case "CardsGiven": return `${who(d.seat)} give${d.seat === me ? "" : "s"} ${d.to === me ? "you" : names.seat(d.to)} ${d.cards.map(card).join(", ")}.`;
    case "CardsPassed": return `${names.seat(d.seat)} passes ${d.count} card${d.count === 1 ? "" : "s"} to ${names.seat(d.to)}.`;
    case "RightGiven": return `${names.seat(d.seat)} gives ${names.seat(d.to)} a right-to-deliver on ${names.contractWords(d.contract)}.`;
    case "CargoGiven": return `${names.seat(d.seat)} gives ${names.seat(d.to)} ${names.cargo(d.cargo)}.`;
    case "DealOffered": return `${who(d.seat)} offer${d.seat === me ? "" : "s"} ${d.to === me ? "you" : names.seat(d.to)} a deal: ${bundleWords(d.give, names)} for ${bundleWords(d.get, names)}.`;
    case "DealAccepted": return `Deal ${d.id} is accepted.`;
    case "DealDeclined": return `Deal ${d.id} is refused.`;
    case "DealWithdrawn": return `Deal ${d.id} is withdrawn.`;
    case "RaidRolled": return `${who(d.seat)} raid${d.seat === me ? "" : "s"} ${d.target === me ? "you" : names.seat(d.target)} and roll${d.seat === me ? "" : "s"} ${d.roll} (${d.need}+ to hit).`;
    case "RaidSettled": return `The raid on ${d.target === me ? "you" : names.seat(d.target)} ${d.hit ? "hits an engine" : "misses"} (roll ${d.roll}).`;
    case "StationAuctioned": return `The station at ${W(d.world)} of ${names.seat(d.seller)} is auctioned by sealed bids.`;
    case "BidPlaced": return `${who(d.seat)} bid${d.seat === me ? "" : "s"} ${d.stellors} Stellors (sealed).`;
    case "AuctionClosed": return d.seat === null || d.seat === undefined ? `Nobody buys the station at ${W(d.world)}.` : `${who(d.seat)} buy${d.seat === me ? "" : "s"} the station at ${W(d.world)} for ${d.stellors} Stellors.`;
    case "FirstDieRolled": return `${who(d.seat)} roll${d.seat === me ? "" : "s"} a first die of ${d.die}${d.kind === "lost" ? " (You Are Lost!)" : ""}.`;
    case "FirstDieAnswered": return `${who(d.seat)} ${d.reroll ? "re-roll" : "keep"}${d.seat === me ? "" : "s"} the first die.`;
    case "EnvoyAssigned": return `${names.seat(d.seat)} must take the Imperial Envoy to ${W(d.world)}.`;
    case "EnvoyReached": return `${names.seat(d.seat)} brings the Imperial Envoy to ${W(d.world)}.`;
    case "GameWon": return `${who(d.seat)} win${d.seat === me ? "" : "s"} the game${d.reason === "mission" ? " by completing the Imperial Mission" : d.reason === "last-trader" ? " as the last Trader left" : d.reason === "imperial-chain" ? " with a chain of Imperial Stations" : ""}!`;
    default: return `${ev.type}.`;
  }
}

export function policyWords(policy) {
  return policy === "ask" ? "always ask me" : policy === "never" ? "never ask (always pass)"
    : policy === "reroll" ? "re-roll my failed jumps (least useful card first), else as above"
      : "ask only when I hold a playable card";
}

/** One side of a deal in words: "10 Stellors, the station at Zed (54), Zap!". */
export function bundleWords(b, names) {
  if (!b) return "nothing";
  const parts = [];
  if (b.stellors) parts.push(`${b.stellors} Stellors`);
  for (const w of b.stations || []) parts.push(`the station at ${names.world(w)}`);
  for (const c of b.cards || []) parts.push(names.card(c));
  for (const r of b.rights || []) parts.push(`a right-to-deliver on ${names.contractWords(r)}`);
  for (const c of b.cargo || []) parts.push(names.cargo(c));
  for (const p of b.personalities || []) parts.push(names.personality(p));
  if (b.engines) parts.push(`${b.engines} engine${b.engines === 1 ? "" : "s"}`);
  return parts.join(", ") || "nothing";
}

/** What the rules ask now, in one sentence, for this seat. */
export function promptWords(view, names, me) {
  if (view.winner !== null && view.winner !== undefined) return `${names.seat(view.winner)} won the game.`;
  const p = view.pending;
  if (!p) return "The game is over.";
  const windowed = ["avoid_calamity", "quarantine", "zap", "you_are_lost", "petition"].includes(p.prompt);
  // a window waits for every seat it asks; only a seat's own view says if it prompts the seat
  const mine = p.seats.includes(me) && (!windowed || !!view.window?.asked);
  const others = windowed ? p.seats.filter((s) => s !== me) : p.seats;
  const whose = mine ? "You" : names.seat(others.length ? others[0] : p.seats[0]);
  const d = p.detail || {};
  switch (p.prompt) {
    case "place_station": return `${whose}: place ${mine ? "your" : "her"} next station (the Insider, ${d.left} left).`;
    case "move": return mine ? "Your movement stage: click a world next to your ship to jump, or end the movement." : `${whose} is moving.`;
    case "action": return mine ? "Your Action: build a station, buy an engine, petition the Emperor, or skip." : `${whose} takes an Action.`;
    case "draw": return mine ? "Your draw stage: draw a Trader's Luck card, then end your turn." : `${whose} is drawing.`;
    case "permission": return mine ? `${names.seat(d.seat)} asks to use your station at ${names.world(d.to)}.` : `${whose} decides whether to let ${names.seat(d.seat)} use the station at ${names.world(d.to)}.`;
    case "auction": return mine ? `Make a sealed bid for the station at ${names.world(view.auction?.world)}.` : `Sealed bids for the station at ${names.world(view.auction?.world)}: waiting for ${whose}.`;
    case "first_die": return mine ? "Re-roll the first die or keep it (Verdant Velma)." : `${whose} decides on the first die.`;
    case "petition_price": return mine ? `The Emperor asks ${d.price} Stellors: pay or refuse.` : `${whose} decides whether to pay the Emperor.`;
    case "kluge_payoff": return mine ? "Kluge: an engine, or the Stellors and Prestige?" : `${whose} chooses Kluge's payoff.`;
    case "telzey_look": return mine ? "Telzey: choose a player whose cards you look at." : `${whose} looks at someone's cards (Telzey).`;
    case "choose_jump": return mine ? "Choose where the jump goes." : `${whose} chooses where to jump.`;
    case "avoid_calamity": return !mine ? `${whose} may avoid ${d.card ? names.card(d.card) : "the raid"}.`
      : d.victim === me ? `A Calamity strikes you (${d.card ? names.card(d.card) : "a raid"}): avoid it or let it happen.`
        : d.by === me ? `Your ${names.card(d.card)} is in play: the others may cancel it with Avoid Calamity!.`
          : `${names.seat(d.by)} plays ${names.card(d.card)}${d.world !== undefined && d.world !== null ? ` on ${names.world(d.world)}` : ""}: cancel it with Avoid Calamity! or let it be.`;
    case "discard": return mine ? "Too many Trader's Luck cards: discard one." : `${whose} discards down to the hand limit.`;
    case "abandon_excess": return mine ? "Too much cargo: abandon one (with its penalty)." : `${whose} abandons the excess cargo.`;
    case "personality_bid": return mine ? `Make a sealed bid for ${names.personality(d.personality)}.` : `Sealed bids for ${names.personality(d.personality)}: waiting for ${whose}.`;
    case "quarantine": case "zap": case "you_are_lost": case "petition":
      return mine ? `${windowName(p.prompt)}: play a card or pass.`
        : `${windowName(p.prompt)}: waiting for ${p.seats.map((s) => (s === me ? "you" : names.seat(s))).join(", ")}.`;
    default: return mine ? "Your move." : `Waiting for ${whose}.`;
  }
}

export function windowName(kind) {
  return { avoid_calamity: "Avoid Calamity", quarantine: "The Quarantine interval", zap: "The Zap/Reroll interval", you_are_lost: "The You Are Lost interval", petition: "Before the petition's roll" }[kind] || kind;
}
