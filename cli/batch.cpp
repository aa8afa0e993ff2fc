#include "cli/batch.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/input.hpp"
#include "cli/interrupt.hpp"
#include "cli/pictures.hpp"
#include "cli/provenance.hpp"
#include "engine/search_types.hpp"
#include "variants/family.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {

BatchFile read_batch_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw UsageError("batch " + path + " is a directory; name a batch file (TOML), e.g. " +
                     "experiments/default.toml");
  if (!std::filesystem::exists(path, ec)) throw UsageError("batch " + path + " does not exist");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError("cannot read batch " + path);
  // The largest committed batch is a few KiB: 16 MiB is any honest batch file.
  const std::string text = read_bounded(in, "batch " + path, std::uint64_t{16} << 20);
  if (in.bad()) throw UsageError("cannot read batch " + path);
  return parse_batch_text(text, path);
}

BatchFile parse_batch_text(std::string_view text, const std::string& path) {
  BatchFile b;
  b.path = path;
  try {
    b.doc = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    std::ostringstream msg;
    msg << "cannot read batch " << path << ": " << e.description() << " (line "
        << e.source().begin.line << ")";
    throw UsageError(msg.str());
  }
  for (const auto& [key, node] : b.doc) {
    (void)node;
    if (key != "title" && key != "kind" && key != "row")
      throw UsageError("batch " + path + ": unknown key '" + std::string(key.str()) +
                       "' (a batch has title, kind and [[row]] tables)");
  }
  const std::string where = "batch " + path;
  b.title = optional_string(b.doc, "title", where);
  if (b.title.empty()) b.title = std::filesystem::path(path).stem().string();
  b.kind = optional_string(b.doc, "kind", where);
  if (b.kind.empty()) b.kind = "verify";
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

bool optional_bool(const toml::table& t, const char* key, const std::string& where) {
  const toml::node* node = t.get(key);
  if (node == nullptr) return false;
  auto v = node->value_exact<bool>();
  if (!v) throw UsageError(where + ": '" + key + "' must be true or false");
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

void check_row_keys(const toml::table& t, const std::string& where,
                    std::initializer_list<const char*> extra) {
  static constexpr const char* kCommon[] = {"variant", "n",    "pegs", "problem", "note",
                                            "edges",   "from", "to",   "start",   "goal"};
  for (const auto& [key, node] : t) {
    (void)node;
    bool known = false;
    for (const char* k : kCommon) known = known || key == k;
    for (const char* k : extra) known = known || key == k;
    if (known) continue;
    std::string names;
    for (const char* k : kCommon) names += std::string(names.empty() ? "" : ", ") + k;
    for (const char* k : extra) names += std::string(", ") + k;
    throw UsageError(where + ": unknown key '" + std::string(key.str()) +
                     "' (this kind of row takes " + names + ")");
  }
}

RowCommon read_row_common(const toml::table& t, const std::string& where) {
  RowCommon r;
  r.where = where;
  r.variant = optional_string(t, "variant", where);
  if (r.variant.empty()) throw UsageError(where + ": 'variant' is required");
  r.problem = optional_string(t, "problem", where);
  // An explicit pegs is used or refused, never replaced by the default.
  r.pegs = static_cast<int>(optional_int(t, "pegs", where, 0, 1));
  if (t.contains("problem") && r.problem.empty())
    throw UsageError(where + ": 'problem' is empty (leave the key out for the default)");
  r.note = optional_string(t, "note", where);
  // The move-graph families' instance keys (graph, digraph).
  r.edges = optional_string(t, "edges", where);
  r.start = optional_string(t, "start", where);
  r.goal = optional_string(t, "goal", where);
  r.from = static_cast<int>(optional_int(t, "from", where, -1, 0));
  r.to = static_cast<int>(optional_int(t, "to", where, -1, 0));
  auto in_range = [](std::int64_t v) { return v >= 0 && v <= 1000000; };
  if (auto single = t["n"].value_exact<std::int64_t>(); single && in_range(*single)) {
    r.n_lo = r.n_hi = static_cast<int>(*single);
  } else if (const toml::array* range = t["n"].as_array();
             range != nullptr && range->size() == 2 && range->get(0)->value_exact<std::int64_t>() &&
             range->get(1)->value_exact<std::int64_t>() &&
             in_range(*range->get(0)->value_exact<std::int64_t>()) &&
             in_range(*range->get(1)->value_exact<std::int64_t>())) {
    r.n_lo = static_cast<int>(*range->get(0)->value_exact<std::int64_t>());
    r.n_hi = static_cast<int>(*range->get(1)->value_exact<std::int64_t>());
  } else {
    throw UsageError(where + ": 'n' must be a whole number or [first, last]");
  }
  if (r.n_lo > r.n_hi) throw UsageError(where + ": empty n range");
  return r;
}

Params params_at(const RowCommon& r, int n) {
  Params p{n, r.pegs, r.problem};
  set_graph_keys(p, r);
  return p;
}

std::vector<std::string> problem_codes_of(const std::string& variant, const std::string& where) {
  const FamilyInfo* fam = nullptr;
  try {
    fam = &variants::find_family(variant);
  } catch (const UsageError& e) {
    throw UsageError(where + ": " + e.what());
  }
  std::vector<std::string> out;
  for (const auto& pr : fam->problems) out.push_back(pr.code);
  return out;
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
    // A name twice would make a second column and second rows of the same numbers.
    if (std::find(out.begin(), out.end(), *s) != out.end())
      throw UsageError(where + ": '" + key + "' names '" + *s + "' twice");
    out.push_back(*s);
  }
  return out;
}

std::filesystem::path prepare_out_dir(const std::string& out_dir) {
  if (out_dir.empty()) throw UsageError("--out is empty (name a directory)");
  std::filesystem::path dir(out_dir);
  std::error_code ec;
  // A link in /tmp that another user made is not followed (cli/output_file.hpp).
  const std::filesystem::path named = dir.has_filename() ? dir : dir.parent_path();
  try {
    check_link_may_be_followed(named);
  } catch (const OutputError& e) {
    throw UsageError(std::string("--out: ") + e.what());
  }
  std::filesystem::create_directories(dir, ec);
  if (ec || !std::filesystem::is_directory(dir))
    throw UsageError("--out " + out_dir + " is not a directory that can be created (" +
                     (ec ? ec.message() : std::string("a file is in the way")) + ")");
  // Found now, before any search, not after the whole batch.
  const std::filesystem::path probe =
      dir / (".hanoi-write-test-" + std::to_string(static_cast<long>(getpid())));
  const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0)
    throw UsageError("--out " + out_dir + " is not writable (" + std::strerror(errno) + ")");
  ::close(fd);
  std::filesystem::remove(probe, ec);
  return dir;
}

// --- The journal -------------------------------------------------------------

void refuse_batch_as_output(const std::filesystem::path& dir, const std::string& batch_path) {
  struct stat batch {};
  if (::stat(batch_path.c_str(), &batch) != 0) return;
  const std::string stem = std::filesystem::path(batch_path).stem().string();
  const auto same = [&](const std::filesystem::path& p) {
    struct stat st {};
    return ::stat(p.c_str(), &st) == 0 && st.st_dev == batch.st_dev && st.st_ino == batch.st_ino;
  };
  const auto refuse = [&](const std::string& as) {
    throw UsageError("batch " + batch_path + " would be overwritten by this run's " + as + " in " +
                     dir.string() + ": name another --out, or give the batch a .toml name");
  };
  // The files every batch writes, by identity (a hard link or a link counts too).
  for (const char* ext : {".md", ".csv", ".meta.json", ".journal"})
    if (same(dir / (stem + ext))) refuse(stem + ext);
  // The others (OUT/<stem>.<suffix>.csv, the pictures) by name: a batch in OUT
  // whose extension is one the batch writes.
  if (!same(dir / std::filesystem::path(batch_path).filename())) return;
  const std::string ext = std::filesystem::path(batch_path).extension().string();
  for (const char* out : {".md", ".csv", ".json", ".journal", ".svg", ".png"})
    if (ext == out) refuse("output " + std::filesystem::path(batch_path).filename().string());
}

CellJournal::CellJournal(const std::filesystem::path& dir, const std::string& batch_path,
                         const std::string& kind, bool fresh, bool quiet)
    : path_(dir / (std::filesystem::path(batch_path).stem().string() + ".journal")),
      kind_(kind),
      commit_(git_commit()),
      quiet_(quiet) {
  refuse_batch_as_output(dir, batch_path);
  check_link_may_be_followed(path_);
  // Locked for the run (a second `verify` of this batch into this directory is
  // refused, naming this one), and so opened before it is read or emptied: the lock
  // refuses anything but a regular file there (a directory would fail at the first
  // read with libstdc++'s words, a FIFO block the batch).  --fresh empties it through
  // the lock's descriptor, since a removed file would take the lock with it.
  lock_.emplace(RunLock::file(path_.string(), "the batch's journal"));
  if (fresh) {
    if (lock_->fd() >= 0 && ::ftruncate(lock_->fd(), 0) != 0)
      throw OutputError("cannot empty the journal " + path_.string() + ": " + std::strerror(errno));
    return;
  }
  std::ifstream in(path_, std::ios::binary);
  std::string line;
  int torn = 0, altered = 0;
  // A journal holds one line per finished cell, each well under a MiB.
  BoundedLines lines(in, "journal " + path_.string(), std::uint64_t{1} << 32,
                     std::size_t{16} << 20);
  while (lines.next(line)) {
    // A line cut by a kill is skipped: its cell is computed again.
    nlohmann::json j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("key") || !j["key"].is_string() ||
        !j.contains("cell") || !j["cell"].is_object()) {
      ++torn;
      continue;
    }
    // So is a line whose checksum does not match its key and cell (edited by hand,
    // or written before lines had one): nothing unchecked reaches a table.
    const std::string k = j["key"].get<std::string>();
    if (!j.contains("sum") || !j["sum"].is_string() ||
        j["sum"].get<std::string>() != line_sum(k, j["cell"])) {
      ++altered;
      continue;
    }
    done_[k] = j["cell"];
  }
  if (torn > 0 && !quiet_)
    std::fprintf(stderr, "[batch] %s: %d unreadable line(s) skipped (cut by a kill?)\n",
                 path_.c_str(), torn);
  if (altered > 0 && !quiet_)
    std::fprintf(stderr,
                 "[batch] %s: %d line(s) whose checksum does not match (edited, or from an "
                 "older version): their cells are computed again\n",
                 path_.c_str(), altered);
}

std::string CellJournal::line_sum(const std::string& key, const nlohmann::json& cell) {
  // FNV-1a over the key and the cell's canonical text: not a defence against a
  // forger, a check that what is reused is what this program wrote.
  std::uint64_t h = 0xcbf29ce484222325ull;
  const auto add = [&](const std::string& s) {
    for (const char c : s) {
      h ^= static_cast<unsigned char>(c);
      h *= 0x100000001b3ull;
    }
    h ^= 0xff;  // a separator no text contains
    h *= 0x100000001b3ull;
  };
  add(key);
  add(cell.dump());
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

std::string CellJournal::key(const RowCommon& row, int n) const {
  // The row without `n` (the cell's own n is in the key; a widened range reuses
  // its cells) and without `note` (it changes no number).
  std::ostringstream t;
  if (row.table != nullptr) {
    toml::table keyed = *row.table;
    keyed.erase("n");
    keyed.erase("note");
    t << toml::toml_formatter(keyed);
  }
  // The problem too: one `problem = "*"` row stands for a row per code.
  return "commit " + commit_ + "; kind " + kind_ + "; n " + std::to_string(n) + "; problem " +
         row.problem + "; row " + t.str();
}

nlohmann::json CellJournal::cell(const RowCommon& row, int n,
                                 const std::function<nlohmann::json()>& compute) {
  const std::string k = key(row, n);
  if (auto it = done_.find(k); it != done_.end()) {
    ++reused_;
    nlohmann::json c = it->second;
    c["reused"] = true;
    return c;
  }
  if (interrupted()) throw BatchInterrupted{};
  nlohmann::json c;
  try {
    c = compute();
  } catch (const SearchCancelled&) {
    throw BatchInterrupted{};
  }
  ++computed_;
  if (c.value("journal", true)) {
    const std::string line =
        nlohmann::json{{"key", k}, {"cell", c}, {"sum", line_sum(k, c)}}.dump() + "\n";
    // Appended and synced cell by cell: a kill loses at most the cell under way.
    const int fd = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    bool ok = fd >= 0 && write_all(fd, line);
    if (fd >= 0) ok = ::fsync(fd) == 0 && ok;
    if (fd >= 0) ok = ::close(fd) == 0 && ok;
    if (!ok) throw OutputError("cannot write to the journal " + path_.string());
    done_[k] = c;
  }
  return c;
}

std::string CellJournal::summary_note() const {
  if (reused_ == 0) return "";
  return " " + std::to_string(reused_) + " cells were taken from " + path_.string() +
         " (finished earlier by this commit; `--fresh` recomputes them).";
}

TableMeta stamped_meta(std::string title, std::string command) {
  TableMeta meta;
  meta.title = std::move(title);
  meta.command = std::move(command);
  meta.commit = git_commit();
  meta.date = utc_now();
  meta.machine = machine_description();
  return meta;
}

void write_table_meta(const std::filesystem::path& csv_path, const TableMeta& meta) {
  const nlohmann::json json = {{"title", meta.title},
                               {"command", meta.command},
                               {"commit", meta.commit},
                               {"date", meta.date},
                               {"machine", meta.machine},
                               {"wall_seconds", meta.wall_seconds},
                               {"summary", meta.summary},
                               {"partial", meta.partial},
                               {"table", csv_path.filename().string()}};
  std::filesystem::path meta_path = csv_path;
  meta_path.replace_extension(".meta.json");
  write_file_atomic(meta_path, json.dump(2) + "\n");
}

void write_batch_tables(const std::filesystem::path& dir, const std::string& batch_path,
                        const TableOutput& t) {
  const std::string stem = std::filesystem::path(batch_path).stem().string();
  const std::filesystem::path md_path = dir / (stem + ".md"), csv_path = dir / (stem + ".csv"),
                              meta_path = dir / (stem + ".meta.json");
  write_file_atomic(csv_path, t.csv);
  for (const auto& [suffix, text] : t.extra_csv)
    write_file_atomic(dir / (stem + "." + suffix + ".csv"), text);
  // The pictures are drawn from the CSV just written into a private folder, and
  // put in place only after the tables: a picture that cannot be written (exit 4)
  // never costs a table, and a drawing cut by a signal leaves none.
  std::optional<Pictures> pictures;
  if (t.plots) pictures.emplace(csv_path);
  // A signal during the drawing marks the tables partial (exit 130/143).
  const bool partial = t.partial || interrupted();
  char wall_text[32];
  std::snprintf(wall_text, sizeof wall_text, "%.1f", t.wall_seconds);
  TableMeta meta = stamped_meta(t.title, t.command_line);
  meta.wall_seconds = t.wall_seconds;
  meta.summary = t.summary;
  meta.partial = partial;
  const std::string &commit = meta.commit, &date = meta.date, &machine = meta.machine;
  const std::string title =
      partial ? t.title + " (PARTIAL: interrupted; only the cells finished so far)" : t.title;
  std::ostringstream head;
  head << "# " << title << "\n\n"
       << "Produced by `" << t.command_line << "`  \n"
       << "Commit " << commit << ", " << date << "  \n"
       << "Machine: " << machine << "  \n"
       << "Wall time: " << wall_text << " s.  " << t.summary << t.journal_note << "\n\n"
       << t.legend << "\n";
  std::string shown;
  if (pictures && !partial) {
    for (const std::string& f : pictures->files())
      if (f.size() > 4 && f.compare(f.size() - 4, 4, ".svg") == 0)
        shown += "![" + f + "](" + f + ")\n";
  }
  if (!shown.empty()) head << "\n" << shown;
  const std::string markdown = head.str() + t.body;
  std::cout << markdown;
  write_file_atomic(md_path, markdown);
  write_table_meta(csv_path, meta);
  std::fprintf(stderr, "[batch] wrote %s, %s and %s\n", md_path.c_str(), csv_path.c_str(),
               meta_path.c_str());
  if (pictures && !partial) pictures->place();
}

int finish_batch(const std::filesystem::path& dir, const std::string& batch_path,
                 const TableOutput& t, int unexpected, int too_big) {
  write_batch_tables(dir, batch_path, t);
  if (t.partial || interrupted()) {
    std::fprintf(stderr, "hanoi: error: interrupted; the tables hold the cells finished so far\n");
    return interrupted_exit_status();
  }
  // Every failing status has its one error line (the tables say which cells).
  const std::string md =
      (dir / (std::filesystem::path(batch_path).stem().string() + ".md")).string();
  if (unexpected > 0) {
    std::fprintf(stderr, "hanoi: error: %d cell(s) contradict their claim (the verdicts in %s)\n",
                 unexpected, md.c_str());
    return 1;
  }
  if (too_big > 0) {
    std::fprintf(stderr,
                 "hanoi: error: %d cell(s) did not fit the memory budget (the verdicts in %s)\n",
                 too_big, md.c_str());
    return 3;
  }
  return 0;
}

std::string csv_escape(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

}  // namespace hanoi::cli
