// Schema values to and from Python, and one generic face per registered game.
#include "bind_registry.hpp"

namespace stich::py_bind {

py::object to_python(const Value& v, Alphabet alphabet) {
    using K = Value::Kind;
    switch (v.kind) {
        case K::None: return py::none();
        case K::Bool: return py::bool_(v.i != 0);
        case K::Int: return py::int_(v.i);
        case K::Text: return py::str(v.text);
        case K::Texts: {
            py::tuple t(v.texts.size());
            for (size_t i = 0; i < v.texts.size(); ++i) t[i] = py::str(v.texts[i]);
            return t;
        }
        case K::OneCard: return py::cast(PyCard{Card(v.i), alphabet});
        case K::Cards: return py::cast(PyCardSet{v.cards, alphabet});
        case K::CardList: {
            py::list out;
            for (int64_t c : v.ints) out.append(PyCard{Card(c), alphabet});
            return out;
        }
        case K::Ints: {
            py::list out;
            for (int64_t x : v.ints) out.append(py::int_(x));
            return out;
        }
        case K::List:
        case K::Tuple: {
            py::list out;
            for (const Value& x : v.items) out.append(to_python(x, alphabet));
            return v.kind == K::Tuple ? py::object(py::tuple(out)) : py::object(out);
        }
    }
    return py::none();
}

namespace {

// A Python object as the loose value value_from reads (stich/schema.hpp).
struct PyLoose {
    py::object obj;
    bool is_none() const { return obj.is_none(); }
    bool is_bool() const { return py::isinstance<py::bool_>(obj); }
    bool boolean() const { return obj.cast<bool>(); }
    bool is_int() const { return py::isinstance<py::int_>(obj) && !is_bool(); }
    std::optional<int64_t> integer() const {
        const long long x = int_or(obj, 0);
        if (x != int_or(obj, 1)) return std::nullopt;   // does not fit an int64
        return x;
    }
    bool is_text() const { return py::isinstance<py::str>(obj); }
    std::string text() const { return utf8(obj); }
    bool is_list() const { return py::isinstance<py::tuple>(obj) || py::isinstance<py::list>(obj); }
    bool is_sequence() const { return !is_text() && py::hasattr(obj, "__iter__"); }
    std::vector<PyLoose> items() const {
        std::vector<PyLoose> out;
        for (auto item : obj) out.push_back({py::reinterpret_borrow<py::object>(item)});
        return out;
    }
    Card card(const Deck& d) const { return to_card(obj, d); }
    std::vector<Card> card_list(const Deck& d) const { return to_card_list(obj, d); }
    std::optional<std::string> deck_name() const {
        if (py::isinstance<Deck>(obj)) return std::string(obj.cast<const Deck&>().name);
        if (is_text()) return std::string(stich::deck(deck_kind_from_name(text())).name);   // "unknown deck ..."
        return std::nullopt;
    }
    std::string repr() const { return py::repr(obj); }
};

}   // namespace

Value from_python(py::handle obj, const Accepts& a, const Deck& deck, const std::string& what) {
    return value_from(PyLoose{py::reinterpret_borrow<py::object>(obj)}, a, deck, what);
}

py::dict accepts_dict(const Accepts& a) {
    static constexpr const char* KINDS[] = {"bool", "int", "choice", "subset", "card", "cards", "text", "int_rows", "deck"};
    py::list choices;
    for (const Value& c : a.choices) choices.append(to_python(c, Alphabet::German));
    py::dict d(py::arg("kind") = KINDS[size_t(a.kind)], py::arg("text") = describe(a), py::arg("none_ok") = a.none_ok,
               py::arg("choices") = choices);
    if (a.kind == Accepts::Kind::Int) {
        d["low"] = a.low;
        d["high"] = a.high;
    }
    return d;
}

py::list& game_registry() {
    static py::list* games = new py::list();   // never freed: module objects outlive static destruction
    return *games;
}

void register_registry(py::module_& m) {
    for_each_game([&]<class Def>() { bind_game<Def>(m); });
    // InfoSet.observation_tensor(): the observation of the view's seat (stich/rl.hpp); a view holds
    // only what its seat knows, so the state it came from gives the same tensor as any world of it.
    py::object info_set = m.attr("InfoSet");
    info_set.attr("observation_tensor") = py::cpp_function(
        [](const PyView& v) {
            py::object out = py::none();
            for_each_game([&]<class Def>() {
                using State = typename Def::State;
                if (!out.is_none() || !py::isinstance<State>(v.origin)) return;
                const State& s = v.origin.cast<const State&>();
                py::array_t<float> a(observation_size(s));
                observe(s, v.view.observer, a.mutable_data());
                out = a;
            });
            return out;
        },
        py::name("observation_tensor"), py::is_method(info_set), py::sibling(py::getattr(info_set, "observation_tensor", py::none())),
        "What this seat knows as a float32 vector of the game's observation_shape (docs/rl.md).");
    m.attr("OBSERVATION_MAX") = OBSERVATION_MAX;   // the largest value an observation holds (uint8 holds them all)
    m.def("games", [] { return game_registry(); }, "The registered games, in registry order: one dict each (name, classes, options, ...).");
}

}   // namespace stich::py_bind
