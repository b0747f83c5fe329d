// stich_example SEED N [POSITION_FILE]
//
// Line 1: the column sums of N Couillon random playouts from SEED, space separated (the numbers of
// stich.Couillon().random_playouts(N, seed=SEED).sum(axis=0)). Then an ISMCTS analysis of a
// position (the bundled Couillon position unless a file is given): the position as read back,
// and the search's table (20000 iterations, seed 1: stich.ismcts(parse(text).state,
// iterations=20000, seed=1) gives the same visits).
#include <cstdint>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "stich/stich.hpp"

namespace {

uint64_t number(const char* text, const char* what) {
    try {
        size_t used = 0;
        const std::string s = text;
        if (!s.empty() && s[0] == '-') throw std::invalid_argument("negative");
        const unsigned long long v = std::stoull(s, &used);
        if (used != s.size()) throw std::invalid_argument("trailing characters");
        return v;
    } catch (const std::exception&) {
        throw std::invalid_argument(std::string(what) + " must be a whole number >= 0, got '" + text + "'");
    }
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read the position file " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

}   // namespace

int main(int argc, char** argv) {
    if (argc < 3 || argc > 4) {
        std::cerr << "usage: stich_example SEED N [POSITION_FILE]\n";
        return 2;
    }
    try {
        const uint64_t seed = number(argv[1], "SEED");
        const auto n = int64_t(number(argv[2], "N"));

        // Random playouts: one row of returns per deal, summed per seat.
        const stich::CouillonRules rules = stich::rules_of<stich::CouillonDef>();
        const std::vector<int64_t> sums = stich::random_playout_sums<stich::CouillonDef>(rules, n, seed);
        for (size_t i = 0; i < sums.size(); ++i) std::cout << (i ? " " : "") << sums[i];
        std::cout << "\n";

        // A position read from its text, then searched from the view of its seat.
        const std::string text = read_file(argc == 4 ? argv[3] : STICH_EXAMPLE_POSITION);
        const auto position = stich::read_position_text<stich::CouillonDef>(text, /*seed=*/0);
        std::cout << "stich " << STICH_VERSION << "\n" << stich::position_text<stich::CouillonDef>(position.state, position.seat);
        std::cout << "legal: " << stich::legal_actions_text(position.state) << "\n";
        const stich::SearchResult result = stich::ismcts(position.state, stich::search_config<stich::CouillonDef>(20000, 1));
        std::cout << stich::search_table<stich::CouillonDef>(position.state, result);
        return 0;
    } catch (const std::exception& e) {   // every error of the core is an exception with a message
        std::cerr << "stich_example: error: " << e.what() << "\n";
        return 1;
    }
}
