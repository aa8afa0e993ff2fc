// What every batch kind shares: reading the TOML file and its rows' common keys,
// preparing the output directory, and writing the tables with their provenance
// header (command, commit, date, machine, wall time).
//
// A batch file has a `title`, an optional `kind` ("verify", the default; "frame";
// "structure") and [[row]] tables.  Every row names a variant, an n (a number or
// an inclusive [first, last] range) and optionally pegs, problem and a note; each
// kind reads its own further keys (verify.cpp, study.cpp).
#pragma once

#include <toml++/toml.h>

#include <filesystem>
#include <string>
#include <vector>

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
  std::string where;  // "FILE row K", for error messages
};

// Throws UsageError (one line) for an unreadable file, a syntax error or no rows.
BatchFile read_batch_file(const std::string& path);
RowCommon read_row_common(const toml::table& t, const std::string& where);

// Every row of the batch as a `Row` (a RowCommon with the kind's own keys):
// the common keys first, then `read_extra(row, table)` reads and checks the rest.
template <class Row, class ReadExtra>
std::vector<Row> read_rows(const BatchFile& batch, ReadExtra&& read_extra) {
  std::vector<Row> rows;
  int index = 0;
  for (const toml::table* t : batch.rows) {
    Row r;
    static_cast<RowCommon&>(r) =
        read_row_common(*t, batch.path + " row " + std::to_string(++index));
    read_extra(r, *t);
    rows.push_back(std::move(r));
  }
  return rows;
}
std::vector<std::string> string_list(const toml::table& t, const char* key,
                                     const std::string& where);
// A key of the wrong type (or below `min`) is an error, never silently the default.
std::string optional_string(const toml::table& t, const char* key, const std::string& where);
std::int64_t optional_int(const toml::table& t, const char* key, const std::string& where,
                          std::int64_t fallback, std::int64_t min);

// Creates the directory (and parents) or throws UsageError.
std::filesystem::path prepare_out_dir(const std::string& out_dir);

struct TableOutput {
  std::string title;
  std::string command_line;
  double wall_seconds = 0;
  std::string summary;  // one line after the wall time, e.g. "42 cells: 42 ok"
  std::string legend;   // what the columns mean
  std::string body;     // the Markdown sections
  std::string csv;      // header row and rows
};

// Writes OUT/<batch stem>.md and .csv (the CSV's first line is a '#' comment with
// the provenance), prints the Markdown on stdout and the paths on stderr.
void write_batch_tables(const std::filesystem::path& dir, const std::string& batch_path,
                        const TableOutput& t);

// Writes the tables, then gives the batch's exit status: 1 when a claim was
// contradicted, 3 when a cell did not fit the memory budget, 0 otherwise.
int finish_batch(const std::filesystem::path& dir, const std::string& batch_path,
                 const TableOutput& t, int unexpected, int too_big);

std::string csv_escape(const std::string& s);

}  // namespace hanoi::cli
