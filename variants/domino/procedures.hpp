// Domino: the mutually recursive procedures (seed 002, Lunnon, "Domino").
//
// On three pegs, whenever the largest disc n moves, discs 1..n-1 all sit on the
// third peg, so a solution is a path of disc n between pegs with a sub-problem for
// the n-1 smaller discs before, between and after its moves.  A procedure is
// therefore written as disc n's path over the roles x (from), y (via), z (to) and
// one sub-procedure per gap: before each move of disc n the smaller stack goes from
// where it is to the peg that is neither end of that move, via the remaining peg;
// after the last move it goes onto disc n.
//
// The sub-problem's letters are read as in domino.hpp, relative to the smaller
// stack's colour at that time: the peg under disc n is a base of disc n's current
// colour (A if it equals the stack's colour, else B); an empty peg shows its own
// base (coloured: relative letter; uncoloured: D, or E/F when it is the sub-
// destination, E if the stack arrives flipped).  Where the destination is uncoloured
// the stack's arrival colour is a free choice; the seed's recursion fixes it, and the
// table records the seed's choice.  Disc n's path has the fewest moves its colour
// allows: once (x -> z) when it must arrive flipped, twice (x -> y -> z) when
// unchanged, three times for EDD (x -> z -> y -> x, back home flipped) and four
// times for DAF, whose via base A refuses disc n on its first visit (x -> z -> y ->
// x -> z).
//
//   code  disc n path       parts (n-1 discs)          seed 002
//   DDE   x z               ADE DDA                    DDE = ADE + 1 + DDA
//   DDF   x y z             ADE DAE DDA                DDF = ADE + 1 + DAE + 1 + DDA
//   EDD   x z y x           ADE DAE DAE DDA            EDD = ADE + DAE + DAE + DDA + 3
//   ADE   x z               ADE DBA  (alt: ADF DAB)    ADE = ADE + 1 + DBA
//   ADF   x y z             ADE DAB ADA                ADF = ADE + 1 + DAB + 1 + ADA
//   ADB   x z               ABE DBA                    ADB = ABE + 1 + DBA
//   ABE   x z               ADB ABA                    ABE = ADB + 1 + ABA
//   ABF   x y z             ABE DAB ABA                ABF = ABE + 1 + DAB + 1 + ABA
//   AAB   x z               ABA AAB                    AAB(n) = ABB(n)
//   ABB   x z               ABB ABA                    ABB = ABB + 1 + ABA
//   ABA   x y z             ABA ABA ABA                ABA = 3 ABA + 2
//   ADA   x y z             ADA ABA ADA                ADA(n) = ABA(n)
//   DBB   x z               ABB ADA                    DBB(n) = ABB(n)
//   AAE   x z               ADA AAB                    AAE(n) = DBB(n)
//   DDA   x y z             ADA ABE DDB                DDA(n) = ADF(n)
//   DDB   x z               ABF DDB  (alt: ABE DDA)    DDB(n) = ADE(n)
//   DAB   x z               ABA ADB                    DAB(n) = ABE(n)
//   DBA   x y z             ABA ABE DAB                DBA(n) = ABF(n)
//   DBE   x z               ADB ADA                    DBE(n) = ABE(n)
//   DAE   x z               ADA ADB                    DAE(n) = DBE(n)
//   DBF   x y z             ABE DAE DBA                (viable, unused; derived here)
//   DAF   x z y x z         ADA ABE DBF DAB ADA        (viable, unused; derived here)
//
// The seed's identities hold by symmetry: DDB, DDA, DAB, DBA, AAB, AAE, DAE are the
// reversals of ADE, ADF, ABE, ABF, ABB, DBB, DBE (domino.hpp: reverse_code), and
// DBE, ADA, DBB have the shapes of ABE, ABA, ABB with one coloured base relaxed to
// D, where the counts agree by induction (e.g. ADA = ADA + ABA + ADA + 2 = ABA).
// Each is derived from its own bases here, not by replaying another procedure, so
// the tests can check the identities (counts, and legality of the reversed moves)
// instead of assuming them.  The 20 codes of the seed are its "20 mutually
// recursive methods"; DBF and DAF are the seed's "viable problems" and are not in
// it: their table rows are derived here (the cheaper arrival colours chosen where
// the choice matters: DAF's third part DBF, not DBE followed by DBA).
//
// The seed's open choice: ADE(n) = ADE(n-1) + 1 + DBA(n-1) "appears in practice to
// be preferable to" ADF(n-1) + 1 + DAB(n-1).  `ade_alternative` switches ADE to the
// latter and DDB, its reversal, to ABE + 1 + DDA, everywhere in the recursion.
// Every procedure with n = 1 moves disc 1 along disc n's path (the parts are empty).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "variants/family.hpp"

namespace hanoi::variants::domino {

// The 22 procedure codes (the same as the problem codes).
const std::vector<std::string>& procedure_codes();

// Emits the moves of procedure `code` for discs 1..n from peg `from` via `via` to
// `to` (for EDD the stack returns to `from`; `to` is the other peg).  Throws
// std::invalid_argument on an unknown code.
void emit_procedure(std::string_view code, int n, int from, int via, int to, bool ade_alternative,
                    MoveSink sink);

// The number of moves emit_procedure emits, counted from the table (no emission).
std::uint64_t procedure_moves(std::string_view code, int n, bool ade_alternative);

// Whether the recursion of `code` calls ADE or DDB at some depth (where the
// alternative makes a difference).
bool reaches_ade(std::string_view code);

// The table row, for the tests: disc n's path as roles 0 = from, 1 = via, 2 = to,
// and the sub-procedure codes of its gaps.
struct ProcedureRow {
  std::vector<int> path;
  std::vector<std::string> parts;
};
ProcedureRow procedure_row(std::string_view code, bool ade_alternative);

}  // namespace hanoi::variants::domino
