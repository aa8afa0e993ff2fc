// The one list of variant families, and the one place where a family's concrete
// state-space type meets code that only knows its name.  Only the units that run
// something on a concrete Space include it (cli/analysis_*.cpp, the tests).
//
// Design overview
// ---------------
// `Registered` below is a type list of family entries (each a struct with a `Space`
// type and a static `family()`, see variants/family.hpp).  Everything else derives
// from it:
// * the runtime registry (`all_families`, `find_family`: variants/registry.hpp)
//   that `hanoi list`, the batch runner and every command use to look a family up
//   by name;
// * `visit_family`, the single type-erasure point: given a family's description and
//   parameters it builds the concrete Space and calls a generic visitor with it, so
//   every analysis is a template over the Space (inlined hot loops, capabilities
//   checked with `if constexpr`) and no analysis needs a virtual function;
// * the typed conformance test suite (tests/conformance/), which runs the same
//   checks on every entry of the list.
// The headers of every family folder are included by a file CMake generates
// (variants/all_families.hpp: every variants/<dir>/<dir>.hpp), so a new family is
// its folder plus one line in the list.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "variants/all_families.hpp"
#include "variants/family.hpp"
#include "variants/registry.hpp"

namespace hanoi::variants {

template <class... Entries>
struct FamilyList {
  static constexpr std::size_t size = sizeof...(Entries);
};

// Every registered family, in the order `hanoi list` shows them.
using Registered =
    FamilyList<classic::ClassicFamily, reves::RevesFamily, cyclic::CyclicFamily,
               adjacent::AdjacentFamily, four_star::FourStarFamily, rainbow::RainbowFamily,
               domino::DominoFamily, lundon::LundonFamily, reversi::ReversiFamily,
               checkers::CheckersFamily, antwerp::AntwerpFamily, multistack::MultiStackFamily,
               er::ErFamily, graph::GraphFamily, graph::DigraphFamily>;

namespace detail {

template <class List>
struct FamilyTable;
template <class... Entries>
struct FamilyTable<FamilyList<Entries...>> {
  using Tuple = std::tuple<Family<typename Entries::Space>...>;
  // Built once, on first use; never modified afterwards.
  static const Tuple& get() {
    static const Tuple table{Entries::family()...};
    return table;
  }
  template <class F, std::size_t... I>
  static void for_each(F&& f, std::index_sequence<I...>) {
    (f(std::get<I>(get())), ...);
  }
  template <class F>
  static void for_each(F&& f) {
    for_each(f, std::index_sequence_for<Entries...>{});
  }
};

}  // namespace detail

// Calls f(const Family<Space>&) for every registered family, in list order.
template <class F>
void for_each_family(F&& f) {
  detail::FamilyTable<Registered>::for_each(f);
}

// Builds the concrete space of `info`'s family for `p` (normalised) and returns
// visitor(family, space), where family is the `Family<Space>` and space a `Space`.
// Every family must give the visitor's result the same type.
// When `info` names a family that serves these parameters (FamilyInfo::served_by),
// that family's space is built instead.
template <class Visitor>
decltype(auto) visit_family(const FamilyInfo& requested, const Params& p, Visitor&& visitor) {
  using Table = detail::FamilyTable<Registered>;
  const std::string server = requested.served_by ? requested.served_by(p) : std::string();
  const FamilyInfo& info = server.empty() ? requested : find_family(server);
  using Result = decltype(visitor(std::get<0>(Table::get()), std::get<0>(Table::get()).make(p)));
  if constexpr (std::is_void_v<Result>) {
    bool done = false;
    Table::for_each([&](const auto& fam) {
      if (!done && &fam.info == &info) {
        done = true;
        visitor(fam, fam.make(p));
      }
    });
    if (!done) throw UsageError("unregistered family '" + info.name + "'");
  } else {
    std::optional<Result> out;
    Table::for_each([&](const auto& fam) {
      if (!out && &fam.info == &info) out.emplace(visitor(fam, fam.make(p)));
    });
    if (!out) throw UsageError("unregistered family '" + info.name + "'");
    return Result(std::move(*out));
  }
}

}  // namespace hanoi::variants
