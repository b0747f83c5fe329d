#include "stich/schema.hpp"

#include <algorithm>

namespace stich {

std::string value_repr(const Value& v, Alphabet alphabet) {
    using K = Value::Kind;
    auto join = [](const std::vector<std::string>& parts, bool tuple) {
        std::string s;
        for (const auto& p : parts) s += (s.empty() ? "" : ", ") + p;
        return tuple ? "(" + s + (parts.size() == 1 ? ",)" : ")") : "[" + s + "]";
    };
    switch (v.kind) {
        case K::None: return "None";
        case K::Bool: return v.i ? "True" : "False";
        case K::Int: return std::to_string(v.i);
        case K::Text: return quoted(v.text);
        case K::Texts: {
            std::vector<std::string> parts;
            for (const auto& t : v.texts) parts.push_back(quoted(t));
            return join(parts, true);
        }
        case K::OneCard: return card_text(Card(v.i), alphabet);
        case K::Cards: return cards_text(v.cards, alphabet);
        case K::CardList: {
            std::string s;
            for (int64_t c : v.ints) s += (s.empty() ? "" : " ") + card_text(Card(c), alphabet);
            return s;
        }
        case K::Ints: {
            std::vector<std::string> parts;
            for (int64_t x : v.ints) parts.push_back(std::to_string(x));
            return join(parts, false);
        }
        case K::List:
        case K::Tuple: {
            std::vector<std::string> parts;
            for (const auto& x : v.items) parts.push_back(value_repr(x, alphabet));
            return join(parts, v.kind == K::Tuple);
        }
    }
    return "?";
}

std::string describe(const Accepts& a) {
    using K = Accepts::Kind;
    const std::string none = a.none_ok ? "None or " : "";
    switch (a.kind) {
        case K::Bool: return "True or False";
        case K::Int: return none + "an int in " + std::to_string(a.low) + ".." + std::to_string(a.high);
        case K::OneCard: return none + "a card";
        case K::CardList: return none + "cards";
        case K::Choice: {
            std::string s;
            for (const auto& c : a.choices) s += (s.empty() ? "" : ", ") + value_repr(c);
            return a.choices.size() == 1 ? s : "one of " + s;
        }
        case K::Subset: {
            std::string s;
            for (const auto& c : a.choices) s += (s.empty() ? "" : ", ") + value_repr(c);
            return "a tuple of distinct names from " + s;
        }
        case K::Text: return "a str";
        case K::IntRows: return "a list of rows of " + std::to_string(a.low) + " ints";
        case K::DeckName: {
            std::string names;
            for (int k = 0; k < int(DeckKind::DECK_NB); ++k) names += (names.empty() ? "" : ", ") + std::string(deck(DeckKind(k)).name);
            return "a deck (" + names + ")";
        }
    }
    return "?";
}

void refuse(const Accepts& a, const std::string& what, const std::string& got) {
    throw std::invalid_argument(what + " must be " + describe(a) + ", got " + got);
}

std::string option_what(std::string_view name, std::string_view game) { return "option " + std::string(name) + " of " + std::string(game); }

Accepts opt::Range::accepts() const {
    if (!as_list) return Accepts::integer(low, high, none_ok);
    std::vector<Value> choices;
    if (none_ok) choices.push_back(Value::none());
    for (int64_t x = low; x <= high; ++x) choices.push_back(Value::of_int(x));
    return Accepts::choice(std::move(choices));
}

Accepts opt::Names::accepts() const {
    std::vector<Value> choices;
    for (const char* n : names) choices.push_back(Value::of_text(n));
    return Accepts::choice(std::move(choices));
}

Value accepted_value(const Accepts& a, const Value& v, const std::string& what) {
    using K = Accepts::Kind;
    using VK = Value::Kind;
    if (v.is_none() && a.none_ok) return v;
    switch (a.kind) {
        case K::Bool:
            if (v.kind == VK::Bool) return v;
            break;
        case K::Int:
            if (v.kind == VK::Int && v.i >= a.low && v.i <= a.high) return v;
            break;
        case K::OneCard:
            if (v.kind == VK::OneCard) return v;
            break;
        case K::CardList:
            if (v.kind == VK::CardList) return v;
            break;
        case K::Choice:
            for (const auto& c : a.choices)
                if (c == v) return v;
            break;
        case K::Subset: {
            if (v.kind != VK::Texts) break;
            std::vector<std::string> ordered;   // one spelling per set: the order of the names
            for (const auto& c : a.choices)
                if (std::count(v.texts.begin(), v.texts.end(), c.text) == 1) ordered.push_back(c.text);
            if (ordered.size() != v.texts.size()) break;
            return Value::of_texts(std::move(ordered));
        }
        case K::Text:
            if (v.kind == VK::Text) return v;
            break;
        case K::IntRows: {
            if (v.kind != VK::List) break;
            bool rows = true;
            for (const auto& r : v.items) rows = rows && r.kind == VK::Ints && int64_t(r.ints.size()) == a.low;
            if (rows) return v;
            break;
        }
        case K::DeckName:
            for (int k = 0; k < int(DeckKind::DECK_NB); ++k)
                if (v.kind == VK::Text && v.text == deck(DeckKind(k)).name) return v;
            break;
    }
    refuse(a, what, value_repr(v));
}

std::vector<Value> param_values(const char* what, const char* base_args, const std::vector<ParamSpec>& specs,
                                const std::vector<std::pair<std::string, Value>>& given) {
    for (const auto& [name, value] : given) {
        bool known = false;
        for (const auto& s : specs) known = known || name == s.name;
        if (!known) {
            std::string valid;
            for (const auto& s : specs) valid += (valid.empty() ? "" : ", ") + std::string(s.name);
            throw std::invalid_argument(std::string(what) + " takes no argument " + quoted(name) + "; its arguments: " + base_args +
                                        (valid.empty() ? "" : ", " + valid));
        }
    }
    std::vector<Value> out;
    for (const auto& s : specs) {
        Value v = s.fallback;
        for (const auto& [name, value] : given)
            if (name == s.name) v = value;
        out.push_back(accepted_value(s.accepts, v, s.name));
    }
    return out;
}

}   // namespace stich
