"""The models made without validation (``engine/kernel/fastmodel.py``) are the models
pydantic's public API makes: equal, the same fields set, extra and private values, and
validated again from their dump to an equal model. What the shortcuts rely on of pydantic's
private parts is checked here, so a pydantic upgrade that changes it fails here, loudly."""

from __future__ import annotations

import copy
from typing import Any

import pydantic
import pytest
from pydantic import BaseModel, ConfigDict, PrivateAttr

from engine.kernel import PUBLIC, Event, event, fastmodel
from engine.kernel.clone import adopt, clone
from engine.kernel.ruleset import number


class Leaf(BaseModel):
    name: str
    tags: list[str] = []


class Tree(BaseModel):
    size: int
    leaves: list[Leaf] = []
    note: str | None = None
    by_name: dict[str, Leaf] = {}


class Loose(BaseModel):
    model_config = ConfigDict(extra="allow")

    size: int = 0


class Secretive(BaseModel):
    size: int = 0
    _seen: list[int] = PrivateAttr(default_factory=list)


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)

    seq: int = 0
    kind: str = ""


def _same(a: BaseModel, b: BaseModel) -> None:
    """Two models alike in everything pydantic keeps of an instance."""
    assert type(a) is type(b)
    assert a == b
    assert a.model_fields_set == b.model_fields_set
    assert a.model_extra == b.model_extra
    assert getattr(a, "__pydantic_private__", None) == getattr(b, "__pydantic_private__", None)
    assert list(a.__dict__) == list(b.__dict__)  # the fields in the model's order
    assert a.model_dump() == b.model_dump()
    again = type(a).model_validate_json(a.model_dump_json())
    assert again.model_dump() == a.model_dump()


def test_the_pydantic_it_was_written_for() -> None:
    """The shortcuts were checked against this pydantic (pyproject.toml pins it): an
    upgrade runs this file before anything else trusts them."""
    assert pydantic.VERSION.split(".")[0] == "2"
    for slot in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__",
                 "__pydantic_private__"):
        assert slot in BaseModel.__slots__


def test_made_is_the_validated_model() -> None:
    values = {"size": 3, "leaves": [Leaf(name="a")], "note": None, "by_name": {}}
    fields = {"size", "leaves"}
    made = fastmodel.made(Tree, dict(values), fields)
    _same(made, Tree(size=3, leaves=[Leaf(name="a")]))
    assert made.model_fields_set is fields  # taken, not copied


def test_made_events_are_events() -> None:
    """``event`` (the kernel's) makes an event with ``made``: what validation makes."""
    made = event("Rolled", PUBLIC, die=4)
    _same(made, Event(type="Rolled", data={"die": 4}, audience=PUBLIC, type_public=True))
    with pytest.raises(pydantic.ValidationError):  # frozen, as a validated one
        made.seq = 3  # type: ignore[misc]


@pytest.mark.parametrize("model", [
    Tree(size=1, leaves=[Leaf(name="x", tags=["t"])]),
    Loose(size=2, colour="red"),
    Frozen(seq=1, kind="k"),
])
def test_copy_with_is_model_copy(model: BaseModel) -> None:
    update = {"size": 9} if not isinstance(model, Frozen) else {"seq": 9}
    mine, theirs = fastmodel.copy_with(model, update), model.model_copy(update=update)
    _same(mine, theirs)
    assert mine.__dict__ is not model.__dict__
    if model.model_extra is not None:
        assert mine.model_extra is not model.model_extra


def test_copy_with_keeps_private_values_as_model_copy_does() -> None:
    model = Secretive(size=1)
    model._seen.append(5)
    mine, theirs = fastmodel.copy_with(model, {"size": 2}), model.model_copy(update={"size": 2})
    _same(mine, theirs)
    assert mine._seen == [5] and mine._seen is model._seen  # a shallow copy, as pydantic's


def test_copy_with_takes_a_fields_set_given() -> None:
    given = {"seq"}
    copied = fastmodel.copy_with(Frozen(kind="k"), {"seq": 2}, given)
    assert copied.model_fields_set is given and copied == Frozen(seq=2, kind="k")


def test_numbered_events_are_model_copies() -> None:
    """``number`` (the kernel's) copies an event with ``copy_with``."""
    ev = event("Moved", PUBLIC, to="a1")
    numbered = number(ev, 10, 0, 2)
    _same(numbered, ev.model_copy(update={"seq": 11, "actor": 2}))
    later = number(Event(type="Paid", data={}), 10, 1, 2)
    _same(later, Event(type="Paid", data={}).model_copy(update={"seq": 12, "actor": None}))


def test_put_is_assignment() -> None:
    mine, theirs = Tree(size=1), Tree(size=1)
    fastmodel.put(mine, {"note": "n", "size": 2})
    theirs.note = "n"
    theirs.size = 2
    _same(mine, theirs)


def test_constructed_is_model_construct() -> None:
    _same(fastmodel.constructed(Tree, size=4), Tree.model_construct(size=4))
    _same(fastmodel.constructed(Tree, size=4), Tree(size=4))


def test_parts_and_transplant() -> None:
    source = Loose(size=3, colour="blue")
    values, fields_set, extra, private = fastmodel.parts(source)
    assert (values, fields_set, extra, private) == ({"size": 3}, {"size", "colour"},
                                                    {"colour": "blue"}, None)
    live = Loose()
    fastmodel.transplant(live, source)
    _same(live, source)
    assert live.__dict__ is source.__dict__


def test_clone_is_deepcopy() -> None:
    """``clone`` (the kernel's) rebuilds models with ``parts`` and ``made``."""
    tree = Tree(size=1, leaves=[Leaf(name="a", tags=["x"])], by_name={"a": Leaf(name="a")})
    secret = Secretive(size=2)
    secret._seen.append(1)
    for model in (tree, secret, Loose(size=1, colour=["c"])):
        mine, theirs = clone(model), copy.deepcopy(model)
        _same(mine, theirs)
        assert mine.__dict__ is not model.__dict__
    copied = clone(tree)
    assert copied.leaves[0] is not tree.leaves[0] and copied.leaves[0].tags is not tree.leaves[
        0].tags


def test_adopt_makes_the_live_state_hold_the_new_one() -> None:
    live, source = Tree(size=1), Tree(size=2, note="n")
    adopt(live, source)
    _same(live, Tree(size=2, note="n"))

    class Plain:
        def __init__(self, **values: Any) -> None:
            self.__dict__.update(values)

    plain = Plain(a=1)
    adopt(plain, Plain(b=2))
    assert vars(plain) == {"b": 2}


def test_dumper_is_model_dump() -> None:
    tree = Tree(size=1, leaves=[Leaf(name="a")])
    assert fastmodel.dumper(Tree)(tree, exclude_none=True) == tree.model_dump(exclude_none=True)
    assert fastmodel.dumped(tree, mode="json") == tree.model_dump(mode="json")
