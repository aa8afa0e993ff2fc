#include "variants/rainbow/procedures.hpp"

#include <stdexcept>
#include <utility>

#include "variants/common/tower.hpp"

namespace hanoi::variants::rainbow {
namespace {

// Every procedure takes (n, x, y, z): discs 1..n from peg x via peg y to peg z.
// In a sub-call the bases are re-read from the sub-stack's point of view (letters
// shifted, disc n a base of colour new C); the comment on each line names them in
// the order from, via, to.
using Proc = void (*)(int, int, int, int, MoveSink);

void ddd(int n, int x, int y, int z, MoveSink s);
void cdd(int n, int x, int y, int z, MoveSink s);
void cbd(int n, int x, int y, int z, MoveSink s);
void cad(int n, int x, int y, int z, MoveSink s);
void bcd(int n, int x, int y, int z, MoveSink s);
void bdc(int n, int x, int y, int z, MoveSink s);
void cdc(int n, int x, int y, int z, MoveSink s);
void cbc(int n, int x, int y, int z, MoveSink s);
void bac(int n, int x, int y, int z, MoveSink s);
void cac(int n, int x, int y, int z, MoveSink s);
void bcb(int n, int x, int y, int z, MoveSink s);
void ddc(int n, int x, int y, int z, MoveSink s);
void dbc(int n, int x, int y, int z, MoveSink s);
void dcb(int n, int x, int y, int z, MoveSink s);
void cdb(int n, int x, int y, int z, MoveSink s);
void dac(int n, int x, int y, int z, MoveSink s);
void cab(int n, int x, int y, int z, MoveSink s);

// Two-part shape: first(n-1, x -> y via z), disc n x -> z, second(n-1, y -> z via x).
void two_part(Proc first, Proc second, int n, int x, int y, int z, MoveSink s) {
  if (n == 1) return emit_move(s, 1, x, z);
  first(n - 1, x, z, y, s);
  emit_move(s, n, x, z);
  second(n - 1, y, x, z, s);
}

// Three-part shape: first(n-1, x -> z via y), disc n x -> y, second(n-1, z -> x via
// y), disc n y -> z, third(n-1, x -> z via y).  Disc n sits on y throughout the
// middle part, so it is the middle sub-problem's via "base".
void three_part(Proc first, Proc second, Proc third, int n, int x, int y, int z, MoveSink s) {
  if (n == 1) return emit_move(s, 1, x, z);
  first(n - 1, x, y, z, s);
  emit_move(s, n, x, y);
  second(n - 1, z, y, x, s);
  emit_move(s, n, y, z);
  third(n - 1, x, y, z, s);
}

// DDD: x holds disc n (C), z is D, y is D -> CDD; then y D, x D, z disc n -> DDC.
void ddd(int n, int x, int y, int z, MoveSink s) {
  two_part(cdd, ddc, n, x, y, z, s);
}
// CDD: disc n (C), z D, y D -> CDD; then y D, x old C = new B, disc n -> DBC.
void cdd(int n, int x, int y, int z, MoveSink s) {
  two_part(cdd, dbc, n, x, y, z, s);
}
// CBD: y's base is B, the colour of disc n-1, so two parts are impossible.
// disc n, y old B = A, z D -> CAD; z D, disc n on y, x old C = B -> DCB;
// x B, y A, disc n on z -> BAC.
void cbd(int n, int x, int y, int z, MoveSink s) {
  three_part(cad, dcb, bac, n, x, y, z, s);
}
// CAD: disc n, z D, y old A = C -> CDC; y C, x old C = B, disc n -> CBC.
void cad(int n, int x, int y, int z, MoveSink s) {
  two_part(cdc, cbc, n, x, y, z, s);
}
// BCD: disc n, z D, y old C = B -> CDB; y B, x old B = A, disc n -> BAC.
void bcd(int n, int x, int y, int z, MoveSink s) {
  two_part(cdb, bac, n, x, y, z, s);
}
// BDC: disc n, z old C = B, y D -> CBD; y D, x old B = A, disc n -> DAC.
void bdc(int n, int x, int y, int z, MoveSink s) {
  two_part(cbd, dac, n, x, y, z, s);
}
// CDC: disc n, z old C = B, y D -> CBD; y D, x old C = B, disc n -> DBC.
void cdc(int n, int x, int y, int z, MoveSink s) {
  two_part(cbd, dbc, n, x, y, z, s);
}
// CBC: y's base is B, so three parts.  disc n, y A, z old C = B -> CAB;
// z B, disc n on y, x old C = B -> BCB; x B, y A, disc n on z -> BAC.
void cbc(int n, int x, int y, int z, MoveSink s) {
  three_part(cab, bcb, bac, n, x, y, z, s);
}
// BAC: disc n, z old C = B, y old A = C -> CBC; y C, x old B = A, disc n -> CAC.
void bac(int n, int x, int y, int z, MoveSink s) {
  two_part(cbc, cac, n, x, y, z, s);
}
// CAC: disc n, z B, y C -> CBC; y C, x old C = B, disc n -> CBC.
void cac(int n, int x, int y, int z, MoveSink s) {
  two_part(cbc, cbc, n, x, y, z, s);
}
// BCB: disc n, z old B = A, y old C = B -> CAB; y B, x old B = A, disc n -> BAC.
void bcb(int n, int x, int y, int z, MoveSink s) {
  two_part(cab, bac, n, x, y, z, s);
}

// The reflections, derived from their own bases in the same way.
// DDC: disc n, z old C = B, y D -> CBD; y D, x D, disc n -> DDC.
void ddc(int n, int x, int y, int z, MoveSink s) {
  two_part(cbd, ddc, n, x, y, z, s);
}
// DBC: y's base is B, so three parts.  disc n, y A, z old C = B -> CAB;
// z B, disc n on y, x D -> BCD; x D, y A, disc n on z -> DAC.
void dbc(int n, int x, int y, int z, MoveSink s) {
  three_part(cab, bcd, dac, n, x, y, z, s);
}
// DCB: disc n, z old B = A, y old C = B -> CAB; y B, x D, disc n -> BDC.
void dcb(int n, int x, int y, int z, MoveSink s) {
  two_part(cab, bdc, n, x, y, z, s);
}
// CDB: disc n, z old B = A, y D -> CAD; y D, x old C = B, disc n -> DBC.
void cdb(int n, int x, int y, int z, MoveSink s) {
  two_part(cad, dbc, n, x, y, z, s);
}
// DAC: disc n, z old C = B, y old A = C -> CBC; y C, x D, disc n -> CDC.
void dac(int n, int x, int y, int z, MoveSink s) {
  two_part(cbc, cdc, n, x, y, z, s);
}
// CAB: disc n, z old B = A, y old A = C -> CAC; y C, x old C = B, disc n -> CBC.
void cab(int n, int x, int y, int z, MoveSink s) {
  two_part(cac, cbc, n, x, y, z, s);
}

constexpr std::pair<const char*, Proc> kProcedures[] = {
    {"DDD", ddd}, {"CDD", cdd}, {"CBD", cbd}, {"CAD", cad}, {"BCD", bcd}, {"BDC", bdc},
    {"CDC", cdc}, {"CBC", cbc}, {"BAC", bac}, {"CAC", cac}, {"BCB", bcb}, {"DDC", ddc},
    {"DBC", dbc}, {"DCB", dcb}, {"CDB", cdb}, {"DAC", dac}, {"CAB", cab},
};

}  // namespace

const std::vector<std::string>& procedure_codes() {
  static const std::vector<std::string> codes = [] {
    std::vector<std::string> c;
    for (const auto& [code, proc] : kProcedures) c.emplace_back(code);
    return c;
  }();
  return codes;
}

void emit_procedure(std::string_view code, int n, int from, int via, int to, MoveSink sink) {
  for (const auto& [name, proc] : kProcedures) {
    if (code == name) {
      if (n >= 1) proc(n, from, via, to, sink);
      return;
    }
  }
  throw std::invalid_argument("unknown rainbow procedure '" + std::string(code) + "'");
}

}  // namespace hanoi::variants::rainbow
