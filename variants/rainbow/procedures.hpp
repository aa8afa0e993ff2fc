// Rainbow: the 17 mutually recursive procedures (seed 002, Lunnon, "Rainbow").
//
// Seed 002 prints only the 12x12 matrix of the time functions; it says the 11
// problems it keeps, plus the reflections the recursion calls, "can be programmed
// as 17 mutually recursive procedures".  We derived each procedure from its matrix
// row, reading the letters as follows (see rainbow.hpp for the full reading):
//
//   PQR(n) moves discs 1..n from peg `from` via `via` to `to`; the bases of those
//   pegs have the colours P, Q, R, where A = colour(n), B = colour(n-1),
//   C = colour(n-2) and D = uncoloured.
//
// For the top n-1 discs the letters shift: their A is the old B, their B the old C,
// their C the old A, and disc n, wherever it sits, is a base of colour old A = new
// C.  So a sub-problem's code is read off from which pegs hold disc n and which
// still show their own base.  Two shapes occur:
//
//   two-part    n-1 discs from -> via, disc n from -> to, n-1 discs via -> to
//   three-part  n-1 discs from -> to, disc n from -> via, n-1 discs to -> from,
//               disc n via -> to, n-1 discs from -> to       (disc n moves twice)
//
// Three parts are forced exactly when Q = B: disc n-1 (colour B) may never come to
// rest on the via base, so the two-part route is closed.  The derived table, with
// reflections written out (RQP is PQR with its moves reversed, in reverse order;
// the matrix counts RQP(n) = PQR(n)):
//
//   DDD = CDD + 1 + DDC           (matrix row: 2 CDD + 1)
//   CDD = CDD + 1 + DBC           (CDD + CBD + 1)
//   CBD = CAD + 1 + DCB + 1 + BAC (CAD + BCD + BAC + 2)
//   CAD = CDC + 1 + CBC           (CDC + CBC + 1)
//   BCD = CDB + 1 + BAC           (BDC + BAC + 1)
//   BDC = CBD + 1 + DAC           (CBD + CAD + 1)
//   CDC = CBD + 1 + DBC           (2 CBD + 1)
//   CBC = CAB + 1 + BCB + 1 + BAC (2 BAC + BCB + 2)
//   BAC = CBC + 1 + CAC           (CBC + CAC + 1)
//   CAC = CBC + 1 + CBC           (2 CBC + 1)
//   BCB = CAB + 1 + BAC           (2 BAC + 1)
// and the six reflections called above, derived the same way (not mechanically
// reversed, so the tests can check them against reversal):
//   DDC = CBD + 1 + DDC
//   DBC = CAB + 1 + BCD + 1 + DAC
//   DCB = CAB + 1 + BDC
//   CDB = CAD + 1 + DBC
//   DAC = CBC + 1 + CDC
//   CAB = CAC + 1 + CBC
// 11 + 6 = 17 procedures, the seed's count.  For DDD, CDD and CDC a three-part
// route also exists; the seed proves the two-part one never slower, and we use it.
// Every procedure solves n = 1 with the single move from -> to (s(1) = all ones);
// a three-part procedure would otherwise move disc 1 twice.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "variants/family.hpp"

namespace hanoi::variants::rainbow {

// The 17 procedure codes: the seed's 11 problems, then the 6 reflections.
const std::vector<std::string>& procedure_codes();

// Emits the moves of procedure `code` (one of procedure_codes()) for discs 1..n
// from peg `from` via `via` to `to`.  Throws std::invalid_argument on an unknown
// code.
void emit_procedure(std::string_view code, int n, int from, int via, int to, MoveSink sink);

}  // namespace hanoi::variants::rainbow
