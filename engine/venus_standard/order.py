"""Which component acts at each moment of the standard game, and in which order: written down
here, once (``hookpoints.Hooks``; ``docs/architecture.md``).

The components' modules only define functions; this module is the one place that imports
them all and says when each runs. The order of a list is the order the functions run in
(and, for ``OFFERS``, the order of ``legal_actions``, which a seeded bot's game follows):
keep it when adding a component, and add at the place the rules need. The event handlers
are the fold's (``evolve.HANDLERS``, ``evolve.ALSO``), below the rules.
"""

from __future__ import annotations

from engine.kernel import Command

from . import (
    card_rules,
    fame,
    helm,
    helm_legal,
    legal,
    market_view,
    merchant_spaceports,
    rounds,
    rules,
    scoring,
    setup,
    solo,
    tech_abilities,
    trade_moments,
    trading,
)
from . import commands as c
from . import helm_commands as m
from .encounters import ENGAGE, LOSE_GOODS, OFFER
from .handlers import merged
from .hookpoints import (
    AwayFromPort,
    CanEnd,
    EndMovement,
    FameSource,
    Hook,
    Hooks,
    Offer,
    Part,
    Revealed,
    Rule,
)
from .rewards import TRADE_IN

#: Every command's rule (each module keeps its own table).
RULES: dict[type[Command], Rule] = merged(
    rules.RULES, setup.RULES, card_rules.RULES, helm_legal.RULES, merchant_spaceports.RULES,
    tech_abilities.RULES, trading.RULES, trade_moments.RULES)

#: "Player Turns" > each phase: why it may not end yet (none of the components holds one).
CAN_END: dict[str, tuple[CanEnd, ...]] = {}
_END_PHASE = legal.end_phase_offers(CAN_END)

#: Each prompt: what lists the commands a seat may issue there, with the command types
#: each answers, in the order ``legal_actions`` lists them.
OFFERS: dict[str, tuple[tuple[Offer, tuple[type[Command], ...]], ...]] = {
    # the phases of a turn
    "movement": (
        (card_rules.phase_offers, card_rules.CARD_COMMANDS),
        (helm_legal.movement_offers, helm_legal.MOVE_COMMANDS),
        (legal.skip_offers, (c.SkipMovement,)),
        (tech_abilities.market_flux_offers, (tech_abilities.UseMarketFlux,)),
        (tech_abilities.data_probe_offers, (tech_abilities.UseDataProbe,)),
        (tech_abilities.shuttle_offers, (tech_abilities.ShuttlePickUp,
                                         tech_abilities.ShuttleDropOff)),
    ),
    "first_contact": (
        (card_rules.phase_offers, card_rules.CARD_COMMANDS),
        (helm_legal.training_offers, (m.TrainPilot,)),
        (_END_PHASE, (c.EndPhase,)),
        (tech_abilities.wave_emitter_offers, (tech_abilities.UseWaveEmitter,)),
        (trading.first_contact_offers, (trading.BuyGoods, trading.BuyEquipment,
                                        trading.BuyTechnology, trading.SellGoods)),
    ),
    "transaction": (
        (card_rules.phase_offers, card_rules.CARD_COMMANDS),
        (helm_legal.training_offers, (m.TrainPilot,)),
        (_END_PHASE, (c.EndPhase,)),
        (tech_abilities.wave_emitter_offers, (tech_abilities.UseWaveEmitter,)),
        (trading.transaction_offers, (trading.BuyGoods, trading.BuyEquipment,
                                      trading.BuyTechnology, trading.SellGoods,
                                      trading.PickUpPassenger, trading.DropOffPassenger,
                                      trading.Offload)),
    ),
    "spaceport": (
        (card_rules.phase_offers, card_rules.CARD_COMMANDS),
        (_END_PHASE, (c.EndPhase,)),
        (merchant_spaceports.spaceport_offers, (merchant_spaceports.BuildSpaceport,)),
        (tech_abilities.wave_emitter_offers, (tech_abilities.UseWaveEmitter,)),
    ),
    # setup's questions
    "choose_dial": ((setup.dial_offers, (c.ChooseDial,)),),
    "solo_picks": ((setup.solo_pick_offers, (c.SoloPick,)),),
    "reveal": ((setup.reveal_offers, (c.RevealFirstContact,)),),
    "starting_goods": (
        (setup.end_step_offers, (c.EndStep,)),
        (trade_moments.starting_goods_offers, (trade_moments.BuyStartingGoods,)),
    ),
    "starting_space": ((setup.start_offers, (c.ChooseStart,)),),
    # the cards' questions
    ENGAGE: ((card_rules.engage_offers, (card_rules.EngagePirates,)),),
    OFFER: ((card_rules.offer_offers, (card_rules.AnswerOffer,)),),
    LOSE_GOODS: ((card_rules.give_up_offers, (card_rules.GiveUpGoods,)),),
    TRADE_IN: ((card_rules.keep_offers, (card_rules.KeepReward,)),),
    card_rules.PEEK: ((card_rules.put_back_offers, (card_rules.PutBackEncounter,)),),
    # movement's, trade's and the technologies' questions
    "navigation_exit": ((helm_legal.exit_offers, (m.ChooseExit,)),),
    "jettison": ((trade_moments.jettison_offers, (trade_moments.Jettison,
                                                  trade_moments.DoneJettisoning)),),
    "data_probe_swap": ((tech_abilities.swap_offers, (tech_abilities.SwapFirstContactCards,)),),
    "data_probe_encounter": ((tech_abilities.encounter_offers,
                              (tech_abilities.ReturnEncounterCard,)),),
    "shuttle": ((tech_abilities.shuttle_step_offers, (tech_abilities.ShuttlePickUp,
                                                      tech_abilities.ShuttleDropOff,
                                                      tech_abilities.DoneShuttling)),),
}

#: Setup: the components' parts of a step, by the step's number.
SETUP_STEPS: dict[int, tuple[Hook, ...]] = {
    4: (trade_moments.prepare_supply_areas,),  # culture supply areas
    6: (card_rules.prepare_stockpiles, trade_moments.shuffle_demand),  # token stockpiles
    9: (card_rules.deal_missions,),  # Distribute Mission Cards
}

#: "Beginning a New Round": the round track's icons.
ICONS: dict[str, Hook] = {
    "production": trade_moments.production_round,
    "passenger": trade_moments.place_passenger,
    "drill": merchant_spaceports.redeem_drills,
}
#: "Beginning a New Round", after the icons: the optional rule "Demand"'s token on odd
#: rounds (after the passenger), the titles checked again, the solo challenges.
ROUND_START: tuple[Hook, ...] = (
    trade_moments.demand_each_odd_round, card_rules.titles_each_round, solo.round_start)
#: When a phase begins: the solo fees before every Movement phase ("Challenges"), the First
#: Contact card flipped, the markets shifted.
PHASE_START: dict[str, tuple[Hook, ...]] = {
    "movement": (solo.pay_fees,),
    "first_contact": (trade_moments.first_contact,),
    "transaction": (),
    "spaceport": (trading.shift_markets,),
}
#: A phase passed over when it has nothing to do.
PHASE_NEEDED = {"first_contact": rounds.first_contact_waiting}
#: The End Movement step: the Shuttle ("Appendix B > Shuttle").
END_MOVEMENT: tuple[EndMovement, ...] = (tech_abilities.shuttle_window,)
#: A Move step ended away from a port: "Jettisoning".
AWAY_FROM_PORT: tuple[AwayFromPort, ...] = (trade_moments.jettison_window,)
#: A First Contact card turned face up: the culture's market set out.
REVEALED: tuple[Revealed, ...] = (trade_moments.set_out_market,)
#: After every command's rule: a solo challenge completed.
AFTER_COMMAND: tuple[Hook, ...] = (solo.check_completed,)
#: "At the end of the game, before final scoring": the spoilers' fame roll.
BEFORE_SCORING: tuple[Hook, ...] = (tech_abilities.spoiler_fame,)
#: End of the Game 2: the components' fame (cards, pilot, technologies).
FAME_SOURCES: tuple[FameSource, ...] = (
    fame.card_fame, helm_legal.pilot_fame, tech_abilities.technology_fame)
#: The components' parts of a seat's view, in this order after the core's.
PARTS: dict[str, Part] = {
    "cards": card_rules.cards_view,
    "movement": helm_legal.movement_view,
    "pilots": helm_legal.pilots_view,
    "markets": market_view.markets_view,
    "trade": market_view.trade_view,
    # End of the Game > Count Fame as it stands now (the fame counted only at the end)
    "fame": lambda state, viewer: scoring.fame_view(state, FAME_SOURCES),
}

HOOKS = Hooks(
    rules=RULES,
    after_command=AFTER_COMMAND,
    offers={prompt: tuple(fn for fn, _ in pairs) for prompt, pairs in OFFERS.items()},
    prompts={prompt: frozenset(t for _, types in pairs for t in types)
             for prompt, pairs in OFFERS.items()},
    setup_steps=SETUP_STEPS,
    tech_grant=(),
    icons=ICONS,
    round_start=ROUND_START,
    phase_start=PHASE_START,
    phase_needed=PHASE_NEEDED,
    can_end=CAN_END,
    end_movement=END_MOVEMENT,
    away_from_port=AWAY_FROM_PORT,
    after_encounter=helm.after_encounter,
    revealed=REVEALED,
    before_scoring=BEFORE_SCORING,
    fame_sources=FAME_SOURCES,
    parts=PARTS,
    commands=c.by_type(RULES),
)
