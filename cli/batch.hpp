// What every batch kind shares: reading the TOML file and its rows' common keys,
// preparing the output directory, the journal of finished cells, and writing the
// tables with their provenance (command, commit, date, machine, wall time).
//
// A batch file has a `title`, an optional `kind` ("verify", the default; "frame";
// "structure"; "compare") and [[row]] tables.  Every row names a variant, an n (a
// number or an inclusive [first, last] range) and optionally pegs, problem and a
// note; each kind names its own further keys, and any other key is an error (a
// typo must not drop a claim silently).
//
// Nothing is lost: each finished cell (one row at one n) is appended to
// OUT/<stem>.journal with its row, n and the program's commit, and a rerun of the
// batch by the same commit takes finished cells from there (`--fresh` ignores it).
// SIGINT/SIGTERM stop the batch at the next cell or search level; the tables of
// the cells finished so far are written, marked partial.  Tables are written to a
// temporary file and renamed into place, so a table on disk is always whole.
#pragma once

#include <toml++/toml.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "cli/output_file.hpp"
#include "engine/run_lock.hpp"
#include "variants/family.hpp"

namespace hanoi::cli {

struct BatchFile {
  toml::table doc;
  std::string path;
  std::string title;
  std::string kind;
  std::vector<const toml::table*> rows;
};

struct RowCommon {
  std::string variant, problem, note;
  int pegs = 0, n_lo = 0, n_hi = 0;
  std::string edges, start, goal;  // instance keys (graph, digraph); "" = the default
  int from = -1, to = -1;
  std::string where;                   // "FILE row K", for error messages
  const toml::table* table = nullptr;  // the row as written (the journal's key)
};

// Throws UsageError (one line) for an unreadable file, a syntax error, an unknown
// top-level key or no rows.
BatchFile read_batch_file(const std::string& path);
// The same from the file's text (`path` names it in messages); the fuzz target's
// entry point (tests/fuzz/fuzz_batch.cpp).
BatchFile parse_batch_text(std::string_view text, const std::string& path);
RowCommon read_row_common(const toml::table& t, const std::string& where);
// The parameters of a row at one n (not yet normalised).
Params params_at(const RowCommon& r, int n);

// Throws UsageError naming the row and the key when `t` has a key that is neither
// a common row key nor one of `extra`.
void check_row_keys(const toml::table& t, const std::string& where,
                    std::initializer_list<const char*> extra);

// Every problem code of a variant (`hanoi list`), for a row's `problem = "*"`;
// UsageError naming `where` for an unknown variant.
std::vector<std::string> problem_codes_of(const std::string& variant, const std::string& where);

// Every row of the batch as a `Row` (a RowCommon with the kind's own keys): the
// keys are checked against the common ones and `extra`, the common keys are read,
// then `read_extra(row, table)` reads and checks the rest.
template <class Row, class ReadExtra>
std::vector<Row> read_rows(const BatchFile& batch, std::initializer_list<const char*> extra,
                           ReadExtra&& read_extra) {
  std::vector<Row> rows;
  int index = 0;
  for (const toml::table* t : batch.rows) {
    Row r;
    const std::string where = batch.path + " row " + std::to_string(++index);
    check_row_keys(*t, where, extra);
    static_cast<RowCommon&>(r) = read_row_common(*t, where);
    r.table = t;
    read_extra(r, *t);
    if (r.problem != "*") {
      rows.push_back(std::move(r));
      continue;
    }
    // problem = "*": one row per problem code the variant offers, in its order.
    for (const std::string& code : problem_codes_of(r.variant, where)) {
      Row c = r;
      c.problem = code;
      rows.push_back(std::move(c));
    }
  }
  return rows;
}
std::vector<std::string> string_list(const toml::table& t, const char* key,
                                     const std::string& where);
// A key of the wrong type (or below `min`) is an error, never silently the default.
std::string optional_string(const toml::table& t, const char* key, const std::string& where);
std::int64_t optional_int(const toml::table& t, const char* key, const std::string& where,
                          std::int64_t fallback, std::int64_t min);
bool optional_bool(const toml::table& t, const char* key, const std::string& where);

// Creates the directory (and parents) and checks that a file can be written in
// it, or throws UsageError.
std::filesystem::path prepare_out_dir(const std::string& out_dir);

// The provenance of one table under results/: what its .meta.json holds and its
// Markdown header shows.  One writer for `hanoi verify` and the benchmarks, and the
// same keys as scripts/table_meta.py, so that every table reads alike (a test reads
// every table's meta).
struct TableMeta {
  std::string title, command, summary;
  std::string commit, date, machine;  // set by stamped_meta(): the binary's, now, here
  double wall_seconds = 0;
  bool partial = false;
};
TableMeta stamped_meta(std::string title, std::string command);
// Writes CSV_PATH's stem + ".meta.json" beside it, naming CSV_PATH as the table.
void write_table_meta(const std::filesystem::path& csv_path, const TableMeta& meta);

// Throws UsageError, before anything is written, when the batch file is one of
// the files the batch would write into `dir` (OUT/<stem>.md for a batch named
// x.md in OUT; its journal): an output that is the input is refused.
void refuse_batch_as_output(const std::filesystem::path& dir, const std::string& batch_path);

// A batch stopped by SIGINT/SIGTERM (cli/interrupt.hpp).
struct BatchInterrupted {};

// The cells of one batch run: each from the journal when this commit finished it
// before, else computed and appended to the journal.
class CellJournal {
 public:
  // OUT/<batch stem>.journal; `fresh` starts it empty.
  CellJournal(const std::filesystem::path& dir, const std::string& batch_path,
              const std::string& kind, bool fresh, bool quiet);
  CellJournal(const CellJournal&) = delete;
  CellJournal& operator=(const CellJournal&) = delete;

  // The record of row `row` at `n`: journaled, or `compute()` (a JSON object; a
  // record with "journal": false is not journaled, e.g. a cell that did not fit the
  // budget).  Throws BatchInterrupted when a signal has arrived (before computing
  // or from inside a search).
  nlohmann::json cell(const RowCommon& row, int n, const std::function<nlohmann::json()>& compute);

  int reused() const { return reused_; }
  int computed() const { return computed_; }
  // ", 3 cells reused from OUT/x.journal", or "".
  std::string summary_note() const;

 private:
  // The checksum a journal line carries over its key and cell (hex).
  static std::string line_sum(const std::string& key, const nlohmann::json& cell);
  std::string key(const RowCommon& row, int n) const;
  std::filesystem::path path_;
  std::optional<RunLock> lock_;  // one batch run at a time on this journal
  std::string kind_, commit_;
  bool quiet_ = false;
  std::map<std::string, nlohmann::json> done_;
  int reused_ = 0, computed_ = 0;
};
struct TableOutput {
  std::string title;
  std::string command_line;
  double wall_seconds = 0;
  std::string summary;       // one line after the wall time, e.g. "42 cells: 42 ok"
  std::string legend;        // what the columns mean
  std::string body;          // the Markdown sections
  std::string csv;           // header row and rows
  bool partial = false;      // interrupted: only the cells finished so far
  std::string journal_note;  // from CellJournal::summary_note
  // More tables: (suffix, CSV text), written as OUT/<stem>.<suffix>.csv.
  std::vector<std::pair<std::string, std::string>> extra_csv;
  bool plots = true;  // run scripts/plots.py on the CSV (`verify --no-plots`: false)
};

// Writes OUT/<batch stem>.csv (plain RFC 4180: a header row, then the rows), the
// extra CSVs, .md (headed by the provenance and the pictures) and .meta.json (the
// provenance for scripts), then the pictures of scripts/plots.py (cli/pictures.hpp),
// each whole or not at all; prints the Markdown on stdout and the paths on stderr.
// A signal during the drawing marks the tables partial and places no picture; a
// picture that cannot be written is an OutputError after the tables are written.
void write_batch_tables(const std::filesystem::path& dir, const std::string& batch_path,
                        const TableOutput& t);

// Writes the tables, then gives the batch's exit status: 128 + the signal's number
// when interrupted, 1 when a claim was contradicted, 3 when a cell did not fit the
// memory budget, 0 otherwise.
int finish_batch(const std::filesystem::path& dir, const std::string& batch_path,
                 const TableOutput& t, int unexpected, int too_big);

std::string csv_escape(const std::string& s);

}  // namespace hanoi::cli
