// The deal's texts' Python face: game records (stich.read_records, stich.write_records,
// stich.Record's state and dealt) and the full deal's text (stich.fulldeal.full_deal_text):
// conversion only; they are read, written and replayed in csrc/stich/records.hpp and notation.hpp.
// A record crosses as Python's Record's fields: (game, options, dealer, deal, actions, deal_args,
// seed, names, tags), the options every option's value, cards as their texts.
#include "bind_registry.hpp"
#include "stich/records.hpp"

namespace stich::py_bind {

namespace {

// A deal argument as a Record holds it: plain values, a card as its text.
py::object plain(const Value& v, Alphabet al) {
    if (v.kind == Value::Kind::OneCard) return py::str(card_text(Card(v.i), al));
    if (v.kind == Value::Kind::CardList) {
        py::list out;
        for (int64_t c : v.ints) out.append(card_text(Card(c), al));
        return out;
    }
    return to_python(v, al);
}

// Record's fields of a record.
py::tuple record_fields(const GameRecord& r) {
    py::dict options, deal_args;
    visit_game_named(r.game, [&]<class Def>() {
        const typename Def::Rules rules = record_rules<Def>(r);
        const Alphabet al = Def::deck_of(rules).alphabet;
        for (const auto& [name, v] : option_values(Def::options(), rules)) options[py::str(name)] = to_python(v, al);
        for (const auto& [name, v] : r.deal_args) deal_args[py::str(name)] = plain(v, al);
    });
    py::dict deal, tags;
    for (const auto& [place, cards] : r.deal) deal[py::str(place)] = py::cast(cards);
    py::tuple actions(r.actions.size());
    for (size_t k = 0; k < r.actions.size(); ++k) actions[k] = py::make_tuple(r.actions[k].first, r.actions[k].second);
    for (const auto& [k, v] : r.tags) tags[py::str(k)] = v;
    py::object names = r.names ? py::object(py::tuple(py::cast(*r.names))) : py::object(py::none());
    py::object seed = r.seed ? py::object(py::int_(*r.seed)) : py::object(py::none());
    return py::make_tuple(r.game, options, r.dealer, deal, actions, deal_args, seed, names, tags);
}

std::vector<std::pair<std::string, std::string>> str_pairs(py::handle mapping, const char* what) {
    if (!py::isinstance<py::dict>(mapping))
        throw py::type_error(std::string(what) + " must be a dict, got " + std::string(py::repr(mapping)));
    std::vector<std::pair<std::string, std::string>> out;
    for (auto item : py::reinterpret_borrow<py::dict>(mapping)) {
        if (!py::isinstance<py::str>(item.first) || !py::isinstance<py::str>(item.second))
            throw py::type_error(std::string(what) + " must map str to str, got " + std::string(py::repr(mapping)));
        out.emplace_back(utf8(item.first), utf8(item.second));
    }
    return out;
}

// A record from a Record (or any object with its fields): the options and deal arguments checked
// by the game, as its constructor and deal check them.
GameRecord record_of(py::handle rec) {
    GameRecord r;
    const py::object game = rec.attr("game");
    if (!py::isinstance<py::str>(game)) throw py::type_error("a record's game must be a str, got " + std::string(py::repr(game)));
    r.game = utf8(game);
    const py::object options = rec.attr("options"), deal_args = rec.attr("deal_args");
    if (!py::isinstance<py::dict>(options) || !py::isinstance<py::dict>(deal_args))
        throw py::type_error("a record's options and deal_args must be dicts");
    visit_game_named(r.game, [&]<class Def>() {
        const Deck& d = Def::deck_of(typename Def::Rules{});
        auto option_accepts = [](const std::string& n) -> const Accepts* {
            for (const auto& s : Def::options())
                if (n == s.name) return &s.accepts;
            return nullptr;
        };
        auto what = [](const std::string& n) { return option_what(n, Def::NAME); };
        const auto rules =
            make_rules<typename Def::Rules>(Def::NAME, Def::options(), named_values(py::kwargs(options), option_accepts, d, what));
        r.options = record_options<Def>(rules);
        for (auto item : py::reinterpret_borrow<py::dict>(deal_args)) {
            const std::string name = utf8(item.first);
            const ParamSpec* p = nullptr;
            std::string names;
            for (const ParamSpec& s : Def::deal_params()) {
                if (name == s.name) p = &s;
                names += (names.empty() ? "" : ", ") + std::string(s.name);
            }
            if (!p) throw py::value_error("unknown deal argument " + quoted(name) + "; accepted: " + (names.empty() ? "none" : names));
            r.deal_args.emplace_back(name, from_python(item.second, p->accepts, Def::deck_of(rules), "deal argument " + name));
        }
    });
    r.dealer = int(int_arg(rec.attr("dealer"), "dealer"));
    const py::object deal = rec.attr("deal");
    if (!py::isinstance<py::dict>(deal)) throw py::type_error("a record's deal must be a dict, got " + std::string(py::repr(deal)));
    for (auto item : py::reinterpret_borrow<py::dict>(deal))
        r.deal.emplace_back(utf8(item.first), item.second.cast<std::vector<std::string>>());
    for (py::handle a : rec.attr("actions")) r.actions.emplace_back(a.cast<std::pair<int, std::string>>());
    if (const py::object seed = rec.attr("seed"); !seed.is_none()) r.seed = seed_arg(seed);
    if (const py::object names = rec.attr("names"); !names.is_none()) r.names = names.cast<std::vector<std::string>>();
    r.tags = str_pairs(rec.attr("tags"), "a record's tags");
    return r;
}

std::vector<GameRecord> records_of(py::handle records) {
    std::vector<GameRecord> out;
    for (py::handle r : records) out.push_back(record_of(r));
    return out;
}

std::optional<RecordFormat> format_of(py::handle format) {
    if (format.is_none()) return std::nullopt;
    if (!py::isinstance<py::str>(format)) return record_format_named(std::string(py::repr(format)));   // names the formats
    return record_format_named(utf8(format));
}

}   // namespace

void register_records(py::module_& m) {
    m.def(
        "read_records",
        [](py::bytes text, const std::string& source, py::handle format) {
            const std::optional<RecordFormat> f = format_of(format);
            const std::string_view bytes(PyBytes_AS_STRING(text.ptr()), size_t(PyBytes_GET_SIZE(text.ptr())));
            std::vector<GameRecord> records;
            without_gil([&] { records = read_records(bytes, f, source); });
            py::list out;
            for (const GameRecord& r : records) out.append(record_fields(r));
            return out;
        },
        py::arg("text"), py::arg("source"), py::arg("format") = py::none(),
        "The records of a text (UTF-8 bytes) in either form (format None: JSON Lines when it starts with '{'), each checked; "
        "Record's fields each. ValueError naming the source, the record, its line and what is wrong.");
    m.def(
        "write_records",
        [](py::handle records, py::handle format) {
            const std::optional<RecordFormat> f = format_of(format);
            return write_records(records_of(records), f.value_or(RecordFormat::Text));
        },
        py::arg("records"), py::arg("format"), "The text of records (objects with Record's fields) in either form.");
    m.def(
        "record_state",
        [](py::handle record, py::handle at) {
            const GameRecord r = record_of(record);
            const int64_t k = optional_int_arg(at, "at").value_or(int64_t(r.actions.size()));
            return visit_record_state(r, k, [](const auto& s) { return py::cast(s); });
        },
        py::arg("record"), py::arg("at") = py::none(),
        "The state of a record (an object with Record's fields) before its action `at` (None: after the last).");
    for_each_game([&]<class Def>() {
        m.def(
            "full_deal_text", [](const typename Def::State& s, int seat) { return full_deal_text<Def>(s, seat); }, py::arg("state"),
            py::arg("seat"), "The full deal's text: the position as `seat` sees it, then every seat's hand on a 'handN:' line.");
        m.def(
            "dealt_record",
            [](const typename Def::State& s, py::handle seed) {
                return record_fields(dealt_record<Def>(s, seed.is_none() ? std::nullopt : std::optional<uint64_t>(seed_arg(seed))));
            },
            py::arg("state"), py::arg("seed") = py::none(),
            "Record's fields of a state before its first action (the deal as dealt; no names or tags).");
    });
    m.attr("RECORD_MAX_LINE") = RECORD_MAX_LINE;
    m.attr("RECORD_MAX_ACTIONS") = RECORD_MAX_ACTIONS;
}

}   // namespace stich::py_bind
