#include "variants/domino/procedures.hpp"

#include <array>
#include <stdexcept>

#include "variants/common/tower.hpp"

namespace hanoi::variants::domino {
namespace {

// Roles of disc n's path: 0 = from (x), 1 = via (y), 2 = to (z).
constexpr int kX = 0, kY = 1, kZ = 2;

struct Row {
  const char* code;
  std::array<int, 5> path;  // disc n's pegs (roles), path_len of them
  int path_len;
  std::array<const char*, 5> parts;  // one per gap: path_len of them (disc n moves
                                     // path_len - 1 times)
};

// The table of procedures.hpp.  The alternative rows for ADE and DDB follow.
constexpr Row kRows[] = {
    {"DDE", {kX, kZ}, 2, {"ADE", "DDA"}},
    {"DDF", {kX, kY, kZ}, 3, {"ADE", "DAE", "DDA"}},
    {"EDD", {kX, kZ, kY, kX}, 4, {"ADE", "DAE", "DAE", "DDA"}},
    {"ADE", {kX, kZ}, 2, {"ADE", "DBA"}},
    {"ADF", {kX, kY, kZ}, 3, {"ADE", "DAB", "ADA"}},
    {"ADB", {kX, kZ}, 2, {"ABE", "DBA"}},
    {"ABE", {kX, kZ}, 2, {"ADB", "ABA"}},
    {"ABF", {kX, kY, kZ}, 3, {"ABE", "DAB", "ABA"}},
    {"AAB", {kX, kZ}, 2, {"ABA", "AAB"}},
    {"ABB", {kX, kZ}, 2, {"ABB", "ABA"}},
    {"ABA", {kX, kY, kZ}, 3, {"ABA", "ABA", "ABA"}},
    {"ADA", {kX, kY, kZ}, 3, {"ADA", "ABA", "ADA"}},
    {"DBB", {kX, kZ}, 2, {"ABB", "ADA"}},
    {"AAE", {kX, kZ}, 2, {"ADA", "AAB"}},
    {"DDA", {kX, kY, kZ}, 3, {"ADA", "ABE", "DDB"}},
    {"DDB", {kX, kZ}, 2, {"ABF", "DDB"}},
    {"DAB", {kX, kZ}, 2, {"ABA", "ADB"}},
    {"DBA", {kX, kY, kZ}, 3, {"ABA", "ABE", "DAB"}},
    {"DBE", {kX, kZ}, 2, {"ADB", "ADA"}},
    {"DAE", {kX, kZ}, 2, {"ADA", "ADB"}},
    {"DBF", {kX, kY, kZ}, 3, {"ABE", "DAE", "DBA"}},
    {"DAF", {kX, kZ, kY, kX, kZ}, 5, {"ADA", "ABE", "DBF", "DAB", "ADA"}},
};
constexpr int kCount = static_cast<int>(std::size(kRows));
constexpr Row kAdeAlternative = {"ADE", {kX, kZ}, 2, {"ADF", "DAB"}};
constexpr Row kDdbAlternative = {"DDB", {kX, kZ}, 2, {"ABE", "DDA"}};

int index_of(std::string_view code) {
  for (int i = 0; i < kCount; ++i)
    if (code == kRows[i].code) return i;
  return -1;
}

// The rows with their parts resolved to indices, for the recursion.
struct Compiled {
  std::array<int, 5> path{};
  int path_len = 0;
  std::array<int, 5> parts{};
};

struct Tables {
  std::array<Compiled, kCount> plain, alternative;
};

Compiled compile(const Row& row) {
  Compiled c;
  c.path = row.path;
  c.path_len = row.path_len;
  for (int j = 0; j < row.path_len; ++j) {
    c.parts[static_cast<std::size_t>(j)] = index_of(row.parts[static_cast<std::size_t>(j)]);
    if (c.parts[static_cast<std::size_t>(j)] < 0)
      throw std::logic_error(std::string("domino table: unknown part of ") + row.code);
  }
  return c;
}

const Tables& tables() {
  static const Tables t = [] {
    Tables out;
    for (int i = 0; i < kCount; ++i) {
      const std::string_view code = kRows[i].code;
      out.plain[static_cast<std::size_t>(i)] = compile(kRows[i]);
      const Row& alt = code == "ADE" ? kAdeAlternative : code == "DDB" ? kDdbAlternative : kRows[i];
      out.alternative[static_cast<std::size_t>(i)] = compile(alt);
    }
    return out;
  }();
  return t;
}

const Row& row_of(std::string_view code, bool alt) {
  const int i = index_of(code);
  if (i < 0) throw std::invalid_argument("unknown domino procedure '" + std::string(code) + "'");
  if (alt && code == "ADE") return kAdeAlternative;
  if (alt && code == "DDB") return kDdbAlternative;
  return kRows[i];
}

// peg[role] = the actual peg of role x, y, z.  Before each move of disc n the smaller
// stack goes from where it is to the third peg of that move; after the last move it
// goes onto disc n at the destination.
void emit(const std::array<Compiled, kCount>& table, int index, int n, const int* peg,
          MoveSink sink) {
  if (n == 0) return;
  const Compiled& c = table[static_cast<std::size_t>(index)];
  int stack = peg[c.path[0]];  // the smaller stack sits on disc n
  for (int j = 1; j < c.path_len; ++j) {
    const int a = peg[c.path[static_cast<std::size_t>(j - 1)]];
    const int b = peg[c.path[static_cast<std::size_t>(j)]];
    const int third = 3 - a - b;
    // From the stack's peg to the third peg of disc n's move, via the remaining peg
    // (disc n's peg, except before disc n's first move, when the stack sits on it).
    const int sub[3] = {stack, 3 - stack - third, third};
    emit(table, c.parts[static_cast<std::size_t>(j - 1)], n - 1, sub, sink);
    emit_move(sink, n, a, b);
    stack = third;
  }
  const int dest = peg[c.path[static_cast<std::size_t>(c.path_len - 1)]];
  const int sub[3] = {stack, 3 - stack - dest, dest};
  emit(table, c.parts[static_cast<std::size_t>(c.path_len - 1)], n - 1, sub, sink);
}

}  // namespace

const std::vector<std::string>& procedure_codes() {
  static const std::vector<std::string> codes = [] {
    std::vector<std::string> c;
    for (const Row& r : kRows) c.emplace_back(r.code);
    return c;
  }();
  return codes;
}

void emit_procedure(std::string_view code, int n, int from, int via, int to, bool ade_alternative,
                    MoveSink sink) {
  const int i = index_of(code);
  if (i < 0) throw std::invalid_argument("unknown domino procedure '" + std::string(code) + "'");
  const int peg[3] = {from, via, to};
  const Tables& t = tables();
  emit(ade_alternative ? t.alternative : t.plain, i, n, peg, sink);
}

std::uint64_t procedure_moves(std::string_view code, int n, bool ade_alternative) {
  const int target = index_of(code);
  if (target < 0)
    throw std::invalid_argument("unknown domino procedure '" + std::string(code) + "'");
  const auto& table = ade_alternative ? tables().alternative : tables().plain;
  std::array<std::uint64_t, kCount> count{};  // every procedure at 0 discs
  for (int k = 1; k <= n; ++k) {
    std::array<std::uint64_t, kCount> next{};
    for (int i = 0; i < kCount; ++i) {
      const Compiled& c = table[static_cast<std::size_t>(i)];
      std::uint64_t sum = static_cast<std::uint64_t>(c.path_len - 1);  // disc k's moves
      for (int j = 0; j < c.path_len; ++j)
        sum += count[static_cast<std::size_t>(c.parts[static_cast<std::size_t>(j)])];
      next[static_cast<std::size_t>(i)] = sum;
    }
    count = next;
  }
  return count[static_cast<std::size_t>(target)];
}

bool reaches_ade(std::string_view code) {
  const int start = index_of(code);
  if (start < 0) return false;
  std::array<bool, kCount> seen{};
  std::vector<int> work = {start};
  seen[static_cast<std::size_t>(start)] = true;
  while (!work.empty()) {
    const int i = work.back();
    work.pop_back();
    const std::string_view c = kRows[i].code;
    if (c == "ADE" || c == "DDB") return true;
    const Compiled& row = tables().plain[static_cast<std::size_t>(i)];
    for (int j = 0; j < row.path_len; ++j) {
      const int p = row.parts[static_cast<std::size_t>(j)];
      if (!seen[static_cast<std::size_t>(p)]) {
        seen[static_cast<std::size_t>(p)] = true;
        work.push_back(p);
      }
    }
  }
  return false;
}

ProcedureRow procedure_row(std::string_view code, bool ade_alternative) {
  const Row& r = row_of(code, ade_alternative);
  ProcedureRow out;
  for (int j = 0; j < r.path_len; ++j) {
    out.path.push_back(r.path[static_cast<std::size_t>(j)]);
    out.parts.emplace_back(r.parts[static_cast<std::size_t>(j)]);
  }
  return out;
}

}  // namespace hanoi::variants::domino
