#include "cli/batch.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/provenance.hpp"
#include "variants/family.hpp"

namespace hanoi::cli {

BatchFile read_batch_file(const std::string& path) {
  BatchFile b;
  b.path = path;
  try {
    b.doc = toml::parse_file(path);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << "cannot read batch " << path << ": " << e.description() << " (line "
        << e.source().begin.line << ")";
    throw UsageError(msg.str());
  }
  b.title = b.doc["title"].value_or(std::filesystem::path(path).stem().string());
  b.kind = b.doc["kind"].value_or(std::string("verify"));
  const toml::array* rows = b.doc["row"].as_array();
  if (rows == nullptr || rows->empty())
    throw UsageError("batch " + path + " has no [[row]] tables");
  int index = 0;
  for (const auto& node : *rows) {
    ++index;
    const toml::table* t = node.as_table();
    if (t == nullptr) throw UsageError(path + " row " + std::to_string(index) + ": not a table");
    b.rows.push_back(t);
  }
  return b;
}

std::string optional_string(const toml::table& t, const char* key, const std::string& where) {
  const toml::node* node = t.get(key);
  if (node == nullptr) return "";
  auto v = node->value_exact<std::string>();
  if (!v) throw UsageError(where + ": '" + key + "' must be a string");
  return *v;
}

std::int64_t optional_int(const toml::table& t, const char* key, const std::string& where,
                          std::int64_t fallback, std::int64_t min) {
  const toml::node* node = t.get(key);
  if (node == nullptr) return fallback;
  auto v = node->value_exact<std::int64_t>();
  if (!v || *v < min)
    throw UsageError(where + ": '" + key + "' must be an integer of at least " +
                     std::to_string(min));
  return *v;
}

RowCommon read_row_common(const toml::table& t, const std::string& where) {
  RowCommon r;
  r.where = where;
  r.variant = optional_string(t, "variant", where);
  if (r.variant.empty()) throw UsageError(where + ": 'variant' is required");
  r.problem = optional_string(t, "problem", where);
  r.pegs = static_cast<int>(optional_int(t, "pegs", where, 0, 0));
  r.note = optional_string(t, "note", where);
  if (auto single = t["n"].value<std::int64_t>()) {
    r.n_lo = r.n_hi = static_cast<int>(*single);
  } else if (const toml::array* range = t["n"].as_array(); range != nullptr && range->size() == 2 &&
                                                           range->get(0)->value<std::int64_t>() &&
                                                           range->get(1)->value<std::int64_t>()) {
    r.n_lo = static_cast<int>(*range->get(0)->value<std::int64_t>());
    r.n_hi = static_cast<int>(*range->get(1)->value<std::int64_t>());
  } else {
    throw UsageError(where + ": 'n' must be a number or [first, last]");
  }
  if (r.n_lo > r.n_hi) throw UsageError(where + ": empty n range");
  return r;
}

std::vector<std::string> string_list(const toml::table& t, const char* key,
                                     const std::string& where) {
  std::vector<std::string> out;
  const toml::node* node = t.get(key);
  if (node == nullptr) return out;
  const toml::array* arr = node->as_array();
  if (arr == nullptr) throw UsageError(where + ": '" + key + "' must be a list of names");
  for (const auto& el : *arr) {
    auto s = el.value<std::string>();
    if (!s) throw UsageError(where + ": '" + key + "' must be a list of names");
    out.push_back(*s);
  }
  return out;
}

std::filesystem::path prepare_out_dir(const std::string& out_dir) {
  std::filesystem::path dir(out_dir);
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw UsageError("--out " + out_dir + " is not a directory that can be created (" +
                     (ec ? ec.message() : std::string("a file is in the way")) + ")");
  return dir;
}

void write_batch_tables(const std::filesystem::path& dir, const std::string& batch_path,
                        const TableOutput& t) {
  char wall_text[32];
  std::snprintf(wall_text, sizeof wall_text, "%.1f", t.wall_seconds);
  std::ostringstream head;
  head << "# " << t.title << "\n\n"
       << "Produced by `" << t.command_line << "`  \n"
       << "Commit " << git_commit() << ", " << utc_now() << "  \n"
       << "Machine: " << machine_description() << "  \n"
       << "Wall time: " << wall_text << " s.  " << t.summary << "\n\n"
       << t.legend << "\n";
  const std::string markdown = head.str() + t.body;
  std::cout << markdown;

  const std::string stem = std::filesystem::path(batch_path).stem().string();
  const std::filesystem::path md_path = dir / (stem + ".md"), csv_path = dir / (stem + ".csv");
  auto write_file = [](const std::filesystem::path& path, const std::string& text) {
    std::ofstream out(path);
    out << text;
    out.close();
    if (!out) throw std::runtime_error("cannot write " + path.string());
  };
  write_file(md_path, markdown);
  write_file(csv_path, "# " + t.command_line + "; commit " + git_commit() + "; " + utc_now() +
                           "; " + machine_description() + "; wall " + wall_text + " s\n" + t.csv);
  std::fprintf(stderr, "[batch] wrote %s and %s\n", md_path.c_str(), csv_path.c_str());
}

int finish_batch(const std::filesystem::path& dir, const std::string& batch_path,
                 const TableOutput& t, int unexpected, int too_big) {
  write_batch_tables(dir, batch_path, t);
  if (unexpected > 0) return 1;
  if (too_big > 0) return 3;
  return 0;
}

std::string csv_escape(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace hanoi::cli
