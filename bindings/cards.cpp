#include <pybind11/operators.h>

#include "common.hpp"
#include "stich/contract.hpp"

namespace stich::py_bind {

namespace {

const Deck& widest_deck(Alphabet a) { return deck(a == Alphabet::German ? DeckKind::German36 : DeckKind::French52); }

std::string alphabet_name(Alphabet a) { return a == Alphabet::German ? "German" : "French"; }

void check_alphabet(Alphabet got, const Deck& d) {
    if (got != d.alphabet)
        throw py::value_error("a card in " + alphabet_name(got) + " notation was given where the " + d.name + " deck (" +
                              alphabet_name(d.alphabet) + " notation) is used");
}

// A set of cards from text, Cards or card texts. Without a deck the alphabet comes from the Card
// objects given, else the texts are read as German if they all read so, else as French.
PyCardSet set_from(py::object obj, py::object deck_arg) {
    if (obj.is_none()) return {0, deck_arg.is_none() ? Alphabet::German : deck_of(deck_arg).alphabet};
    if (py::isinstance<PyCardSet>(obj)) return obj.cast<PyCardSet>();
    if (!deck_arg.is_none()) {
        const Deck& d = deck_of(deck_arg);
        return {to_cardset(obj, d), d.alphabet};
    }
    if (!py::isinstance<py::str>(obj) && !py::isinstance<py::iterable>(obj))
        throw py::type_error("a CardSet is made from card text ('EO GU HA'), Cards or an iterable of them; got " +
                             std::string(py::str(py::type::of(obj))));
    if (!py::isinstance<py::str>(obj)) obj = py::list(obj);   // one pass may use up an iterator
    std::optional<Alphabet> from_cards;
    if (!py::isinstance<py::str>(obj))
        for (py::handle item : obj)
            if (py::isinstance<PyCard>(item)) {
                const Alphabet a = item.cast<PyCard>().alphabet;
                if (from_cards && *from_cards != a) throw py::value_error("cannot mix German and French cards in one CardSet");
                from_cards = a;
            }
    if (from_cards) return {to_cardset(obj, widest_deck(*from_cards)), *from_cards};
    try {
        return {to_cardset(obj, widest_deck(Alphabet::German)), Alphabet::German};
    } catch (const std::invalid_argument& german_error) {
        try {
            return {to_cardset(obj, widest_deck(Alphabet::French)), Alphabet::French};
        } catch (const std::invalid_argument&) {
            throw py::value_error(std::string(german_error.what()) +
                                  "; the cards do not read as French cards either (German and French cannot be mixed)");
        }
    }
}

PyCardSet binary(const PyCardSet& x, py::handle other, CardSet (*op)(CardSet, CardSet)) {
    PyCardSet y =
        py::isinstance<PyCardSet>(other) ? other.cast<PyCardSet>() : PyCardSet{to_cardset(other, widest_deck(x.alphabet)), x.alphabet};
    if (x.bits && y.bits && x.alphabet != y.alphabet) throw py::value_error("cannot combine card sets in German and French notation");
    return {op(x.bits, y.bits), x.bits ? x.alphabet : y.alphabet};
}

// A pickled state's fields: a tuple of `n` items; ValueError naming `what` otherwise.
py::tuple state_tuple(py::handle t, size_t n, const char* what) {
    if (!py::isinstance<py::tuple>(t) || py::len(t) != n)
        throw py::value_error(std::string("corrupt pickled ") + what + ": expected a tuple of " + std::to_string(n) + " ints, got " +
                              std::string(py::repr(t)));
    return py::reinterpret_borrow<py::tuple>(t);
}

// An int field of a pickled state in lo..hi; ValueError naming `what` for anything else (a
// Python int of any size, not an overflow or a cast error).
uint64_t state_int(py::handle v, uint64_t lo, uint64_t hi, const char* what) {
    if (py::isinstance<py::int_>(v) && !py::isinstance<py::bool_>(v)) {
        const unsigned long long x = PyLong_AsUnsignedLongLong(v.ptr());
        if (!PyErr_Occurred() && x >= lo && x <= hi) return x;
        PyErr_Clear();
    }
    throw py::value_error(std::string("corrupt pickled ") + what + ": " + std::string(py::repr(v)) + " is not an int in " +
                          std::to_string(lo) + ".." + std::to_string(hi));
}

std::string deck_names() {
    std::string names;
    for (int k = 0; k < int(DeckKind::DECK_NB); ++k) names += std::string(names.empty() ? "" : ", ") + deck(DeckKind(k)).name;
    return names;
}

}   // namespace

const Deck& deck_of(py::handle obj) {
    if (py::isinstance<Deck>(obj)) return deck(obj.cast<const Deck&>().kind);
    if (!py::isinstance<py::str>(obj))
        throw py::type_error("a deck is given by its name (a str) or as a Deck, got " + std::string(py::str(py::type::of(obj))) +
                             "; names: " + deck_names());
    return deck(deck_kind_from_name(utf8(obj)));
}

Card to_card(py::handle obj, const Deck& d) {
    if (py::isinstance<PyCard>(obj)) {
        PyCard c = obj.cast<PyCard>();
        check_alphabet(c.alphabet, d);
        if (!contains(d.cards, c.id)) throw py::value_error("card " + card_text(c.id, c.alphabet) + " is not in the " + d.name + " deck");
        return c.id;
    }
    if (py::isinstance<py::str>(obj)) return parse_card(utf8(obj), d);
    throw py::type_error("expected a Card or card text such as '" + card_text(make_card(0, RANK_ACE), d.alphabet) + "', got " +
                         std::string(py::str(py::type::of(obj))));
}

CardSet to_cardset(py::handle obj, const Deck& d) {
    if (py::isinstance<PyCardSet>(obj)) {
        PyCardSet s = obj.cast<PyCardSet>();
        if (s.bits) check_alphabet(s.alphabet, d);
        if (s.bits & ~d.cards)
            throw py::value_error("cards " + cards_text(s.bits & ~d.cards, s.alphabet) + " are not in the " + d.name + " deck");
        return s.bits;
    }
    CardSet out = 0;
    for (Card c : to_card_list(obj, d)) {
        if (contains(out, c)) throw py::value_error("card " + card_text(c, d.alphabet) + " appears twice");
        out |= bit(c);
    }
    return out;
}

std::vector<Card> to_card_list(py::handle obj, const Deck& d) {
    if (py::isinstance<py::str>(obj)) return parse_cards(utf8(obj), d);
    if (py::isinstance<PyCardSet>(obj)) {
        std::vector<Card> out;
        for_each_card_display(to_cardset(obj, d), [&](Card c) { out.push_back(c); });
        return out;
    }
    if (!py::isinstance<py::iterable>(obj))
        throw py::type_error("expected card text, a CardSet or a list of cards, got " + std::string(py::str(py::type::of(obj))));
    std::vector<Card> out;
    for (py::handle item : obj) out.push_back(to_card(item, d));
    return out;
}

void register_cards(py::module_& m) {
    py::enum_<Alphabet> alphabet(m, "Alphabet", "The card notation of a deck (G-1).");
    alphabet.value("GERMAN", Alphabet::German).value("FRENCH", Alphabet::French);
    // pybind11's enum pickling takes any int (Alphabet 7); pickled by value, checked.
    py::delattr(alphabet, "__getstate__");
    py::delattr(alphabet, "__setstate__");
    alphabet.def(
        py::pickle([](Alphabet a) { return py::int_(int(a)); }, [](py::object v) { return Alphabet(state_int(v, 0, 1, "Alphabet")); }));

    py::class_<PyCard>(m, "Card", "One card. Card('EO'), Card('SQ', deck='french24'); see G-1 for the notation.")
        .def(py::init([](py::handle text, py::handle deck_arg) {
                 if (!deck_arg.is_none()) {
                     const Deck& d = deck_of(deck_arg);
                     return PyCard{to_card(text, d), d.alphabet};
                 }
                 if (py::isinstance<PyCard>(text)) return text.cast<PyCard>();
                 if (!py::isinstance<py::str>(text)) throw py::type_error("Card() takes card text such as 'EO' or 'SQ'");
                 Alphabet a;
                 Card c = parse_card_any(utf8(text), a);
                 return PyCard{c, a};
             }),
             py::arg("text"), py::arg("deck") = py::none(),
             "A card from its text (or a Card); with a deck (a name or a Deck) in that deck's notation, else German if "
             "the text reads so, else French.")
        .def_property_readonly(
            "id", [](const PyCard& c) { return int(c.id); }, "suit * 16 + rank")
        .def_property_readonly(
            "suit", [](const PyCard& c) { return suit_of(c.id); }, "The suit lane 0..3 (stich.Suit).")
        .def_property_readonly(
            "rank", [](const PyCard& c) { return rank_of(c.id); }, "The rank code 2..14 (stich.Rank).")
        .def_property_readonly(
            "alphabet", [](const PyCard& c) { return c.alphabet; }, "The notation: German or French.")
        .def("__str__", [](const PyCard& c) { return card_text(c.id, c.alphabet); })
        .def("__repr__", [](const PyCard& c) { return "Card('" + card_text(c.id, c.alphabet) + "')"; })
        // Equal to a Card of the same value, or to its canonical text only ('EO', not 'eo' or 'OE'),
        // so that equal objects hash alike: a Card hashes as its text.
        .def("__eq__",
             [](const PyCard& a, py::handle b) {
                 if (py::isinstance<PyCard>(b)) return a == b.cast<const PyCard&>();
                 return py::isinstance<py::str>(b) && py::str(card_text(a.id, a.alphabet)).equal(b);
             })
        .def("__hash__", [](const PyCard& c) { return py::hash(py::str(card_text(c.id, c.alphabet))); })
        .def("__lt__", [](const PyCard& a, const PyCard& b) { return a.id < b.id; })
        .def(py::pickle([](const PyCard& c) { return py::make_tuple(int(c.id), int(c.alphabet)); },
                        [](py::object state) {
                            const py::tuple t = state_tuple(state, 2, "Card (id, alphabet)");
                            const int id = int(state_int(t[0], 0, 63, "Card id")), a = int(state_int(t[1], 0, 1, "Card alphabet"));
                            if (!contains(widest_deck(Alphabet(a)).cards, Card(id)))
                                throw py::value_error("corrupt pickled Card: id " + std::to_string(id) + " is no card of a " +
                                                      widest_deck(Alphabet(a)).name + " deck");
                            return PyCard{Card(id), Alphabet(a)};
                        }));

    py::class_<PyCardSet>(m, "CardSet",
                          "An immutable set of cards (a 64-bit mask). CardSet('EO GU HA'); iteration by suit, high "
                          "rank first.")
        .def(py::init(&set_from), py::arg("cards") = py::none(), py::arg("deck") = py::none(),
             "A set from card text ('EO GU HA'), Cards or card texts; with a deck in its notation; None: the empty set.")
        .def_property_readonly(
            "bits", [](const PyCardSet& s) { return s.bits; }, "The 64-bit mask (bit suit * 16 + rank).")
        .def_property_readonly(
            "alphabet", [](const PyCardSet& s) { return s.alphabet; }, "The notation: German or French.")
        .def_static(
            "from_bits",
            [](uint64_t bits, Alphabet a) {
                const Deck& d = widest_deck(a);
                if (bits & ~d.cards) throw py::value_error("bits " + std::to_string(bits) + " name no cards of a " + d.name + " deck");
                return PyCardSet{bits, a};
            },
            py::arg("bits"), py::arg("alphabet") = Alphabet::German, "The set of a 64-bit mask; ValueError for bits that name no card.")
        .def("__len__", [](const PyCardSet& s) { return popcount(s.bits); })
        .def("__bool__", [](const PyCardSet& s) { return s.bits != 0; })
        .def("__contains__",
             [](const PyCardSet& s, py::handle c) {
                 try {
                     return contains(s.bits, to_card(c, widest_deck(s.alphabet)));
                 } catch (const std::exception&) {
                     return false;
                 }
             })
        .def("__iter__",
             [](const PyCardSet& s) {
                 py::list out;
                 for_each_card_display(s.bits, [&](Card c) { out.append(PyCard{c, s.alphabet}); });
                 return py::iter(out);
             })
        .def("__or__", [](const PyCardSet& a, py::handle b) { return binary(a, b, [](CardSet x, CardSet y) { return x | y; }); })
        .def("__and__", [](const PyCardSet& a, py::handle b) { return binary(a, b, [](CardSet x, CardSet y) { return x & y; }); })
        .def("__sub__", [](const PyCardSet& a, py::handle b) { return binary(a, b, [](CardSet x, CardSet y) { return x & ~y; }); })
        .def("__xor__", [](const PyCardSet& a, py::handle b) { return binary(a, b, [](CardSet x, CardSet y) { return x ^ y; }); })
        // Like Card: equal to a CardSet of the same cards, or to its canonical text ('EO GU'), and hashes as that text.
        .def("__eq__",
             [](const PyCardSet& a, py::handle b) {
                 if (py::isinstance<PyCardSet>(b)) {
                     const PyCardSet& o = b.cast<const PyCardSet&>();
                     return a.bits == o.bits && (a.alphabet == o.alphabet || a.bits == 0);
                 }
                 return py::isinstance<py::str>(b) && py::str(cards_text(a.bits, a.alphabet)).equal(b);
             })
        .def("__le__", [](const PyCardSet& a, const PyCardSet& b) { return (a.bits & ~b.bits) == 0; })
        .def("__ge__", [](const PyCardSet& a, const PyCardSet& b) { return (b.bits & ~a.bits) == 0; })
        .def("__hash__", [](const PyCardSet& s) { return py::hash(py::str(cards_text(s.bits, s.alphabet))); })
        .def("__str__", [](const PyCardSet& s) { return cards_text(s.bits, s.alphabet); })
        .def("__repr__", [](const PyCardSet& s) { return "CardSet('" + cards_text(s.bits, s.alphabet) + "')"; })
        .def(py::pickle([](const PyCardSet& s) { return py::make_tuple(s.bits, int(s.alphabet)); },
                        [](py::object state) {
                            const py::tuple t = state_tuple(state, 2, "CardSet (bits, alphabet)");
                            const uint64_t bits = state_int(t[0], 0, UINT64_MAX, "CardSet bits");
                            const int a = int(state_int(t[1], 0, 1, "CardSet alphabet"));
                            if (bits & ~widest_deck(Alphabet(a)).cards)
                                throw py::value_error("corrupt pickled CardSet: bits " + std::to_string(bits) + " name cards outside a " +
                                                      widest_deck(Alphabet(a)).name + " deck");
                            return PyCardSet{bits, Alphabet(a)};
                        }));

    py::class_<Deck>(m, "Deck", "A deck: german24/32/36 or french24/32/36/52 (G-1).")
        .def(py::init([](py::handle name) { return deck_of(name); }), py::arg("name"), "The deck of a name (or a Deck).")
        .def_property_readonly(
            "name", [](const Deck& d) { return std::string(d.name); }, "The deck's name, e.g. 'german24'.")
        .def_property_readonly(
            "alphabet", [](const Deck& d) { return d.alphabet; }, "The notation: German or French.")
        .def_property_readonly(
            "cards", [](const Deck& d) { return make_set(d.cards, d); }, "Every card of the deck.")
        .def("__len__", [](const Deck& d) { return d.size; })
        .def("__iter__",
             [](const Deck& d) {
                 py::list out;
                 for_each_card_display(d.cards, [&](Card c) { out.append(PyCard{c, d.alphabet}); });
                 return py::iter(out);
             })
        .def("__contains__",
             [](const Deck& d, py::handle c) {
                 try {
                     return contains(d.cards, to_card(c, d));
                 } catch (const std::exception&) {
                     return false;
                 }
             })
        .def(
            "card", [](const Deck& d, py::handle text) { return PyCard{to_card(text, d), d.alphabet}; }, py::arg("text"),
            "Parses a card in this deck's notation.")
        .def(
            "parse",
            [](const Deck& d, py::handle cards) {
                std::vector<PyCard> out;
                for (Card c : to_card_list(cards, d)) out.push_back({c, d.alphabet});
                return out;
            },
            py::arg("cards"), "Parses cards in this deck's notation, keeping their order.")
        .def(
            "cards_of", [](const Deck& d, py::handle cards) { return make_set(to_cardset(cards, d), d); }, py::arg("cards"),
            "Parses a set of cards in this deck's notation.")
        .def(
            "flush_value", [](const Deck& d, py::handle c) { return flush_value(to_card(c, d)); }, py::arg("card"),
            "Flush value (M-2): ace 11, ten and courts 10, pips their face.")
        .def("__eq__", [](const Deck& a, py::handle b) { return py::isinstance<Deck>(b) && a.kind == b.cast<const Deck&>().kind; })
        .def("__hash__", [](const Deck& d) { return int(d.kind); })
        .def("__repr__", [](const Deck& d) { return "Deck('" + std::string(d.name) + "')"; })
        .def(py::pickle([](const Deck& d) { return py::str(d.name); },
                        [](py::object name) {
                            if (!py::isinstance<py::str>(name))
                                throw py::value_error("corrupt pickled Deck: expected its name, got " + std::string(py::repr(name)));
                            return deck(deck_kind_from_name(utf8(name)));
                        }));
}

}   // namespace stich::py_bind
