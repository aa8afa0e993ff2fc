// What a benchmark writes with `--markdown PATH`: the three files every table under
// results/ has.
//
//   PATH            the Markdown: a title, the provenance lines (command, commit,
//                   date, machine, the benchmark's own lines, total wall time), then
//                   the body;
//   PATH.csv        (the extension replaced) the rows for scripts: the CSV the
//                   benchmark gives, or else the body's first table as CSV;
//   PATH.meta.json  the provenance as `hanoi verify` writes it (cli/batch.hpp's
//                   TableMeta), so that a test can read every table's meta alike.
//
// Header-only: each benchmark is one executable built from one source file
// (CMakeLists.txt globs experiments/*.cpp), and this is the part they share.
#pragma once

#include <cstdio>
#include <filesystem>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/batch.hpp"
#include "cli/provenance.hpp"

namespace hanoi::bench {

// The command as typed, for the header that lets a reader rerun it.
inline std::string command_line(int argc, char** argv) {
  std::string out;
  for (int i = 0; i < argc; ++i) {
    const std::string arg = argv[i];
    std::string word = arg;
    if (arg.empty() || arg.find_first_of(" \t'\"$") != std::string::npos) {
      word.assign(1, '\'');
      for (char ch : arg) word += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
      word += "'";
    }
    if (i > 0) out += ' ';
    out += word;
  }
  return out;
}

// One CSV field: quoted when it holds a comma, a quote or a newline.
inline std::string csv_field(std::string_view v) {
  if (v.find_first_of(",\"\n") == std::string_view::npos) return std::string(v);
  std::string out = "\"";
  for (char c : v) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The first pipe table of MARKDOWN as CSV: its header row, then its rows, each cell
// trimmed and stripped of Markdown emphasis and code marks (`**no**` -> `no`); the alignment row
// is dropped.  Empty when MARKDOWN holds no table.
inline std::string markdown_table_csv(std::string_view markdown) {
  std::string csv;
  bool in_table = false;
  std::size_t pos = 0;
  while (pos <= markdown.size()) {
    std::size_t end = markdown.find('\n', pos);
    if (end == std::string_view::npos) end = markdown.size();
    const std::string_view line = markdown.substr(pos, end - pos);
    pos = end + 1;
    const bool row = line.size() >= 2 && line.front() == '|' && line.back() == '|';
    if (!row) {
      if (in_table) break;
      continue;
    }
    in_table = true;
    if (line.find_first_not_of("|-: ") == std::string_view::npos) continue;  // alignment
    std::string out;
    std::size_t c = 1;
    bool first = true;
    while (c < line.size()) {
      const std::size_t bar = line.find('|', c);
      std::string cell(line.substr(c, bar - c));
      for (std::size_t at; (at = cell.find("**")) != std::string::npos;) cell.erase(at, 2);
      std::erase(cell, '`');
      const std::size_t a = cell.find_first_not_of(' '), b = cell.find_last_not_of(' ');
      cell = a == std::string::npos ? std::string() : cell.substr(a, b - a + 1);
      if (!first) out += ',';
      out += csv_field(cell);
      first = false;
      c = bar + 1;
    }
    csv += out + "\n";
  }
  return csv;
}

struct BenchTable {
  std::string title;                     // the Markdown's first line, without "# "
  std::string command;                   // command_line(argc, argv)
  std::vector<std::string> extra_lines;  // provenance lines of this benchmark ("oneTBB threads: 2")
  double total_seconds = 0;
  std::string intro;    // a paragraph between the header and the body (may be empty)
  std::string body;     // the tables
  std::string csv;      // the rows for scripts; empty: the body's first table
  std::string summary;  // one line for the meta
};

// Writes the three files (each through a temporary file, renamed into place);
// throws cli::OutputError when one cannot be written.
inline void write_bench_table(const std::filesystem::path& md_path, const BenchTable& t) {
  if (md_path.has_parent_path()) std::filesystem::create_directories(md_path.parent_path());
  cli::TableMeta meta = cli::stamped_meta(t.title, t.command);
  meta.wall_seconds = t.total_seconds;
  meta.summary = t.summary;
  char wall[32];
  std::snprintf(wall, sizeof wall, "%.2f", t.total_seconds);
  std::string md = "# " + t.title + "\n\n- command: `" + t.command + "`\n- commit: " + meta.commit +
                   "\n- date (UTC): " + meta.date + "\n- machine: " + meta.machine + "\n";
  for (const std::string& line : t.extra_lines) md += "- " + line + "\n";
  md += std::string("- total wall time: ") + wall + " s\n\n";
  if (!t.intro.empty()) md += t.intro + "\n\n";
  md += t.body;
  std::filesystem::path csv_path = md_path;
  csv_path.replace_extension(".csv");
  cli::write_file_atomic(csv_path, t.csv.empty() ? markdown_table_csv(t.body) : t.csv);
  cli::write_file_atomic(md_path, md);
  cli::write_table_meta(csv_path, meta);
  std::fprintf(stderr, "[bench] wrote %s, %s and its .meta.json\n", md_path.c_str(),
               csv_path.c_str());
}

}  // namespace hanoi::bench
