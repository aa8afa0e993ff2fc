// `kind = "atlas"` batches: every move graph of a class on m pegs, up to
// isomorphism, every (start peg, goal peg) pair up to automorphism, n over a range.
//
// A row names the class by its variant: `graph` = the connected (undirected)
// graphs, searched by the reversible `graph` family; `digraph` = the strongly
// connected digraphs, searched by `digraph`.  Keys: variant, pegs, n (a range),
// optionally `graphs = [first, last]` (1-based positions in the enumeration, which
// is in increasing order of the least arc mask: see graph::enumerate_graphs) and
// `seconds` (start no further graph once the row has run this long; the table then
// says how many graphs are done and how many are left).
//
// Each cell (one graph, one pair, one n) gives the optimum, the start's
// eccentricity and the states reached.  The pairs of one start peg share one
// complete search from it, which watches the towers on each of their goal pegs
// (SearchOptions::watch): a graph costs one search per start peg and n, not one per
// pair.  Searches are journaled one by one (the batch journal, keyed by the graph's
// edges, the start and the goals), so an interrupted atlas resumes where it stopped.  Besides the
// batch's tables (CSV, Markdown, .meta.json, the plots of scripts/plots.py), every sequence gets an
// OEIS-style b-file (`n a(n)` per line) in OUT/<stem>.b/ (a row with `detail = false` writes
// neither b-files nor per-graph sections: for rows of thousands of graphs, whose CSV holds every
// cell).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <tuple>

#include "cli/analyses.hpp"
#include "cli/command.hpp"
#include "cli/input.hpp"
#include "cli/provenance.hpp"
#include "engine/memory.hpp"
#include "variants/graph/digraphs.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

namespace vg = variants::graph;
using nlohmann::json;

struct AtlasRow : RowCommon {
  int first_graph = 1, last_graph = 0;  // 0 = the last one
  double seconds = 0;                   // 0 = no limit
  std::string published;                // a file of published sequences
  bool detail = true;                   // per-graph Markdown sections and b-files
};

// A published sequence (experiments/atlas_oeis.toml): its terms from n = offset.
struct Published {
  std::string a;
  int offset = 0;
  std::vector<std::uint64_t> terms;
  std::optional<std::uint64_t> at(int n) const {
    const int i = n - offset;
    if (i < 0 || i >= static_cast<int>(terms.size())) return std::nullopt;
    return terms[static_cast<std::size_t>(i)];
  }
};

// The sequences of a `published` file, by their instances' canonical form.
std::map<std::tuple<std::uint64_t, int, int>, Published> read_published(const std::string& path,
                                                                        const std::string& where,
                                                                        std::uint64_t budget) {
  // The committed file is 5 KB; a TOML table takes some 30 times its text in
  // memory, so the file is held to 1 MiB and to 1/64 of the budget, and read
  // through the bounded reader (a 40 MB file peaked at 131 MiB under 32M).
  const std::uint64_t limit = std::min<std::uint64_t>(std::uint64_t{1} << 20, budget / 64);
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))
    throw UsageError(where + ": published file " + path + " is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw UsageError(where + ": cannot read the published file " + path);
  const std::string text = read_bounded(in, where + ": published file " + path, limit,
                                        "at most 1 MiB and 1/64 of --max-memory");
  toml::table doc;
  try {
    doc = toml::parse(text, path);
  } catch (const toml::parse_error& e) {
    throw UsageError(where + ": published file " + path + ": " + std::string(e.description()));
  }
  std::map<std::tuple<std::uint64_t, int, int>, Published> out;
  const toml::array* seqs = doc["sequence"].as_array();
  if (seqs == nullptr) throw UsageError(where + ": " + path + " has no [[sequence]] tables");
  for (const toml::node& node : *seqs) {
    const toml::table* t = node.as_table();
    const auto edges = t != nullptr ? (*t)["edges"].value<std::string>() : std::nullopt;
    const auto a = t != nullptr ? (*t)["a"].value<std::string>() : std::nullopt;
    const toml::array* terms = t != nullptr ? (*t)["terms"].as_array() : nullptr;
    if (!edges || !a || terms == nullptr)
      throw UsageError(where + ": " + path + ": a sequence needs a, edges and terms");
    const int from = (*t)["from"].value_or(0), to = (*t)["to"].value_or(1);
    int pegs = 0;
    for (char ch : *edges)
      if (ch >= '0' && ch <= '9') pegs = std::max(pegs, ch - '0' + 1);
    const vg::MoveGraph g = vg::parse_edges(pegs, *edges);
    Published p{*a, (*t)["offset"].value_or(0), {}};
    for (const toml::node& v : *terms) p.terms.push_back(v.value_or<std::uint64_t>(0));
    const vg::CanonicalInstance c = vg::canonical_instance(g, from, to);
    out[{c.arcs, c.from, c.to}] = p;
  }
  return out;
}

// The published numbers of graphs, up to isomorphism, for 3..6 vertices (OEIS
// A001349 connected graphs; A035512 strongly connected digraphs): the enumeration
// is checked against them.
std::uint64_t published_count(vg::GraphClass cls, int pegs) {
  static const std::map<int, std::uint64_t> connected = {{3, 2}, {4, 6}, {5, 21}, {6, 112}};
  static const std::map<int, std::uint64_t> strong = {{3, 5}, {4, 83}, {5, 5048}};
  const auto& table = cls == vg::GraphClass::kConnected ? connected : strong;
  const auto it = table.find(pegs);
  return it == table.end() ? 0 : it->second;
}

std::string graph_id(const AtlasRow& r, std::size_t index) {
  return std::string(r.variant == "graph" ? "C" : "S") + std::to_string(r.pegs) + "." +
         std::to_string(index + 1);
}

// One search: the complete search from every disc on `from` with n discs.  It
// gives the start's eccentricity and, through watched ranks (SearchOptions::watch),
// the optimum to every disc on each peg of `goals` at once: the pairs of one start
// share it.
json start_cell(const FamilyInfo& fam, const Params& base, const std::vector<int>& goals,
                SearchOptions so) {
  Params p;  // the search's own instance: the first goal's
  for (int t : goals) {
    Params q = base;
    q.to = t;
    q = normalize(fam, q);
    if (so.watch.empty()) p = q;
    so.watch.push_back(goal_rank(fam, q));
  }
  const SearchResult s = search(fam, p, so);
  // The first goal is also the search's own: both readings must agree.
  const bool reached = s.outcome == SearchOutcome::kGoalReached;
  if (s.watch_depths.size() != goals.size() ||
      (reached ? s.watch_depths.front() != static_cast<std::int64_t>(s.optimum)
               : s.watch_depths.front() >= 0))
    throw std::logic_error("atlas: the watched goal's depth differs from the search's optimum");
  json optima = json::array();
  for (std::int64_t d : s.watch_depths) optima.push_back(d < 0 ? json(nullptr) : json(d));
  return json{{"optima", optima},
              {"eccentricity", s.eccentricity},
              {"states", s.states_reached},
              {"seconds", s.seconds}};
}

// One pair's cell, from its start's search: the optimum to goal number `index`.
json pair_cell(const FamilyInfo& fam, const Params& p, const json& search, std::size_t index) {
  const auto formula = closed_form_of(fam, p);
  return json{{"optimum", search["optima"][index]},
              {"eccentricity", search["eccentricity"]},
              {"states", search["states"]},
              {"formula", formula ? json(*formula) : json(nullptr)},
              {"seconds", search["seconds"]}};
}

std::string optional_number(const json& v) {
  return v.is_null() ? std::string() : std::to_string(v.get<std::uint64_t>());
}

struct Sequence {
  std::string id, edges;
  int from = 0, to = 0;
  bool bfile = true;
  std::map<int, json> cells;  // n -> cell
};

int run_atlas_batch(const BatchFile& batch, const std::string& out_dir, const CommonOptions& o,
                    const std::string& command_line) {
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<AtlasRow> rows = read_rows<AtlasRow>(
      batch, {"graphs", "seconds", "published", "detail"}, [](AtlasRow& r, const toml::table& t) {
        if (r.variant != "graph" && r.variant != "digraph")
          throw UsageError(r.where +
                           ": an atlas row's variant is graph (connected graphs) or digraph "
                           "(strongly connected digraphs)");
        if (r.pegs < vg::kMinPegs || r.pegs > 6)
          throw UsageError(r.where + ": an atlas takes pegs from " + std::to_string(vg::kMinPegs) +
                           " to 6");
        if (r.n_lo < 1) throw UsageError(r.where + ": n starts at 1");
        if (const toml::array* g = t["graphs"].as_array()) {
          if (g->size() != 2 || !g->get(0)->value_exact<std::int64_t>() ||
              !g->get(1)->value_exact<std::int64_t>() ||
              *g->get(0)->value_exact<std::int64_t>() < 1 ||
              *g->get(1)->value_exact<std::int64_t>() < *g->get(0)->value_exact<std::int64_t>())
            throw UsageError(r.where + ": 'graphs' must be [first, last], 1 <= first <= last");
          r.first_graph = static_cast<int>(*g->get(0)->value_exact<std::int64_t>());
          r.last_graph = static_cast<int>(*g->get(1)->value_exact<std::int64_t>());
        } else if (t.contains("graphs")) {
          throw UsageError(r.where + ": 'graphs' must be [first, last]");
        }
        r.seconds = static_cast<double>(optional_int(t, "seconds", r.where, 0, 1));
        r.published = optional_string(t, "published", r.where);
        r.detail = !t.contains("detail") || optional_bool(t, "detail", r.where);
      });
  SearchOptions so = search_options(o);
  so.want_path = false;
  so.progress = false;  // the atlas prints its own progress line
  const std::filesystem::path dir = prepare_out_dir(out_dir);
  CellJournal journal(dir, batch.path, "atlas", o.fresh, o.quiet);
  const std::string stem = std::filesystem::path(batch.path).stem().string();

  std::ostringstream md, csv, graphs_csv;
  csv << "class,pegs,graph,edges,from,to,n,optimum,eccentricity,states,formula,frame_type,oeis,"
         "seconds\n";
  graphs_csv << "class,pegs,graph,edges,edge_count,automorphisms,shed,pairs,n,max_optimum,"
                "max_eccentricity\n";
  std::vector<Sequence> sequences;
  int cells = 0, searches = 0, unexpected = 0;
  std::string left_note;
  bool partial = false;
  try {
    for (const AtlasRow& r : rows) {
      const FamilyInfo& fam = variants::find_family(r.variant);
      const vg::GraphClass cls =
          r.variant == "graph" ? vg::GraphClass::kConnected : vg::GraphClass::kStronglyConnected;
      const char* cls_name = cls == vg::GraphClass::kConnected ? "connected" : "strongly-connected";
      const std::vector<vg::MoveGraph> all = vg::enumerate_graphs(r.pegs, cls);
      const auto published_seqs = r.published.empty()
                                      ? std::map<std::tuple<std::uint64_t, int, int>, Published>()
                                      : read_published(r.published, r.where, so.budget());
      const std::uint64_t published = published_count(cls, r.pegs);
      if (published != 0 && published != all.size()) ++unexpected;
      const std::size_t first = static_cast<std::size_t>(r.first_graph - 1);
      const std::size_t last =
          r.last_graph == 0 ? all.size() : std::min<std::size_t>(all.size(), r.last_graph);
      md << "\n## "
         << (cls == vg::GraphClass::kConnected ? "Connected graphs" : "Strongly connected digraphs")
         << " on " << r.pegs << " pegs, n = " << r.n_lo << ".." << r.n_hi << "\n\n"
         << all.size() << " up to isomorphism"
         << (published == 0 ? std::string(" (no published count at hand)")
             : published == all.size()
                 ? " (OEIS " +
                       std::string(cls == vg::GraphClass::kConnected ? "A001349" : "A035512") +
                       ": " + std::to_string(published) + ", agrees)"
                 : " (OEIS says " + std::to_string(published) + ": DISAGREES)")
         << "; graphs " << first + 1 << ".." << last << " in this row.\n\n";
      if (!r.note.empty()) md << r.note << "\n\n";
      // The work, for the progress line's ETA: the rank spaces of every cell.
      double total_work = 0, done_work = 0;
      // Per graph, its pairs and, per start peg, the goal pegs of its pairs in their
      // order: one search per start peg and n answers every pair from that peg.
      std::vector<std::vector<std::pair<int, int>>> pairs(all.size());
      std::vector<std::map<int, std::vector<int>>> goals_by_start(all.size());
      for (std::size_t g = first; g < last; ++g) {
        pairs[g] = vg::pairs_up_to_automorphism(all[g]);
        for (const auto& [s, t] : pairs[g]) goals_by_start[g][s].push_back(t);
        for (int n = r.n_lo; n <= r.n_hi; ++n)
          total_work += static_cast<double>(goals_by_start[g].size()) * std::pow(r.pegs, n);
      }
      const auto row_t0 = std::chrono::steady_clock::now();
      std::size_t done_graphs = 0;
      for (std::size_t g = first; g < last; ++g) {
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - row_t0).count();
        if (r.seconds > 0 && elapsed >= r.seconds) break;
        const vg::MoveGraph& graph = all[g];
        const std::string id = graph_id(r, g);
        Params gp{r.n_lo, r.pegs, "transfer"};
        gp.edges = graph.text();
        gp = normalize(fam, gp);
        const vg::GraphInfo info = vg::describe_graph(gp);
        std::uint64_t max_optimum = 0, max_eccentricity = 0;  // over the pairs, at n_hi
        // A row without detail keeps only its CSV rows and the summary.
        std::ostringstream dropped;
        std::ostream& gmd = r.detail ? static_cast<std::ostream&>(md) : dropped;
        gmd << "### " << id << ": `" << graph.text() << "`\n\n"
            << vg::graph_summary(info) << ".\n\n"
            << "| from → to | optimum, n = " << r.n_lo << ".." << r.n_hi
            << " | eccentricity at n = " << r.n_hi
            << " | closed form | Frame-type recursion | OEIS |\n|---|---|---|---|---|---|\n";
        const std::map<int, std::vector<int>>& goals_of = goals_by_start[g];
        std::map<std::pair<int, int>, json> start_cells;  // (from, n) -> its search
        auto search_from = [&](int s, int n) -> const json& {
          auto it = start_cells.find({s, n});
          if (it != start_cells.end()) return it->second;
          Params base{n, r.pegs, "transfer"};
          base.edges = gp.edges;
          base.from = s;
          std::string goal_list;
          for (int t : goals_of.at(s))
            goal_list += (goal_list.empty() ? "" : ",") + std::to_string(t);
          toml::table key{{"variant", r.variant},
                          {"pegs", r.pegs},
                          {"edges", gp.edges},
                          {"from", s},
                          {"goals", goal_list}};
          RowCommon cell_row = r;
          cell_row.table = &key;
          cell_row.problem = gp.problem;
          const json c =
              journal.cell(cell_row, n, [&] { return start_cell(fam, base, goals_of.at(s), so); });
          ++searches;
          done_work += std::pow(r.pegs, n);
          return start_cells.emplace(std::make_pair(s, n), c).first->second;
        };
        for (const auto& [s, t] : pairs[g]) {
          Sequence seq{id, graph.text(), s, t, r.detail, {}};
          const std::vector<int>& goals = goals_of.at(s);
          const std::size_t goal_index =
              static_cast<std::size_t>(std::find(goals.begin(), goals.end(), t) - goals.begin());
          const auto pub_it = published_seqs.find({graph.arcs, s, t});
          const Published* pub = pub_it == published_seqs.end() ? nullptr : &pub_it->second;
          std::vector<int> frame_above, frame_none, oeis_differs;
          int oeis_agrees = 0;
          for (int n = r.n_lo; n <= r.n_hi; ++n) {
            Params p{n, r.pegs, "transfer"};
            p.edges = graph.text();
            p.from = s;
            p.to = t;
            p = normalize(fam, p);
            const json c = pair_cell(fam, p, search_from(s, n), goal_index);
            ++cells;
            if (!c["formula"].is_null() && !c["optimum"].is_null() &&
                c["formula"].get<std::uint64_t>() < c["optimum"].get<std::uint64_t>())
              ++unexpected;  // a published solution shorter than the optimum: a bug
            // Not journaled: a few table look-ups, and it follows the code, not the search.
            const auto frame = vg::frame_type_moves(graph, s, t, n);
            const std::uint64_t opt =
                c["optimum"].is_null() ? 0 : c["optimum"].get<std::uint64_t>();
            if (frame && !c["optimum"].is_null()) {
              if (*frame < opt) ++unexpected;  // a legal solution below the optimum: a bug
              if (*frame > opt) frame_above.push_back(n);
            }
            if (!frame) frame_none.push_back(n);
            if (pub != nullptr && pub->at(n)) {
              if (c["optimum"].is_null() || *pub->at(n) != opt) {
                oeis_differs.push_back(n);
                ++unexpected;
              } else {
                ++oeis_agrees;
              }
            }
            if (n == r.n_hi && !c["optimum"].is_null())
              max_optimum = std::max(max_optimum, c["optimum"].get<std::uint64_t>());
            if (n == r.n_hi)
              max_eccentricity = std::max(max_eccentricity, c["eccentricity"].get<std::uint64_t>());
            // A row without detail: its cells stay in the journal, the graph's row
            // in the graphs table sums them up.
            if (r.detail)
              csv << cls_name << "," << r.pegs << "," << id << "," << csv_escape(p.edges) << ","
                  << s << "," << t << "," << n << "," << optional_number(c["optimum"]) << ","
                  << c["eccentricity"].get<std::uint64_t>() << ","
                  << c["states"].get<std::uint64_t>() << "," << optional_number(c["formula"]) << ","
                  << (frame ? std::to_string(*frame) : std::string()) << ","
                  << (pub != nullptr ? pub->a : std::string()) << ","
                  << seconds_text(c["seconds"].get<double>()) << "\n";
            seq.cells[n] = c;
          }
          std::string opts;
          for (const auto& [n, c] : seq.cells)
            opts += (opts.empty() ? "" : ", ") +
                    (c["optimum"].is_null() ? std::string("—") : optional_number(c["optimum"]));
          const json& top = seq.cells.rbegin()->second;
          std::string formula = "—";
          for (const auto& [n, c] : seq.cells)
            if (!c["formula"].is_null()) {
              formula = c["formula"] == c["optimum"] ? "equals the optimum" : "differs";
              if (formula == "differs") break;
            }
          const auto n_list = [](const std::vector<int>& ns) {
            std::string out;
            for (int n : ns) out += (out.empty() ? "" : ", ") + std::to_string(n);
            return out;
          };
          std::string frame_text;
          if (!frame_above.empty()) frame_text = "above the optimum at n = " + n_list(frame_above);
          if (!frame_none.empty())
            frame_text += (frame_text.empty() ? "" : "; ") + std::string("none at n = ") +
                          n_list(frame_none) + " (removing any other peg separates the two)";
          if (frame_text.empty())
            frame_text = "equals the optimum";
          else if (frame_above.size() + frame_none.size() < seq.cells.size())
            frame_text += "; equal elsewhere";
          const std::string oeis_text =
              pub == nullptr ? "—"
              : !oeis_differs.empty()
                  ? pub->a + " **DIFFERS** at n = " + n_list(oeis_differs)
                  : pub->a + " (" + std::to_string(oeis_agrees) + " terms agree)";
          gmd << "| " << s << " → " << t << " | " << opts << " | "
              << top["eccentricity"].get<std::uint64_t>() << " | " << formula << " | " << frame_text
              << " | " << oeis_text << " |\n";
          sequences.push_back(std::move(seq));
        }
        gmd << "\n";
        graphs_csv << cls_name << "," << r.pegs << "," << id << "," << csv_escape(graph.text())
                   << "," << (info.undirected ? info.arcs / 2 : info.arcs) << ","
                   << info.automorphisms << "," << (info.shed ? 1 : 0) << "," << pairs[g].size()
                   << "," << r.n_hi << "," << max_optimum << "," << max_eccentricity << "\n";
        ++done_graphs;
        if (!o.quiet) {
          const double now =
              std::chrono::duration<double>(std::chrono::steady_clock::now() - row_t0).count();
          const double eta = done_work > 0 ? now * (total_work - done_work) / done_work : 0;
          std::fprintf(stderr,
                       "[atlas] %s pegs=%d: graph %zu of %zu (%s) done, %.1f s, ETA %.0f s\n",
                       cls_name, r.pegs, g + 1 - first, last - first, id.c_str(), now, eta);
        }
      }
      if (first + done_graphs < last) {
        left_note += std::string(cls_name) + " pegs=" + std::to_string(r.pegs) + ": " +
                     std::to_string(done_graphs) + " graphs done, " +
                     std::to_string(last - first - done_graphs) + " left (row time limit " +
                     seconds_text(r.seconds) + " s). ";
        md << "**Stopped by the row's time limit:** " << done_graphs << " of " << last - first
           << " graphs done, " << last - first - done_graphs << " left.\n\n";
      }
    }
  } catch (const BatchInterrupted&) {
    partial = true;
  }
  // Sequences that coincide: the same optimum at every n of the range.
  std::map<std::string, std::vector<std::string>> by_values;
  for (const Sequence& s : sequences) {
    if (!s.bfile) continue;  // a row without detail
    std::string values;
    for (const auto& [n, c] : s.cells)
      values += std::to_string(n) + ":" + optional_number(c["optimum"]) + " ";
    by_values[values].push_back(s.id + " " + std::to_string(s.from) + "→" + std::to_string(s.to));
  }
  std::ostringstream same;
  for (const auto& [values, ids] : by_values) {
    if (ids.size() < 2) continue;
    same << "- ";
    for (std::size_t i = 0; i < ids.size(); ++i) same << (i ? ", " : "") << ids[i];
    same << "\n";
  }
  if (!same.str().empty())
    md << "\n## Sequences that coincide\n\nThe same optimum at every n searched:\n\n" << same.str();
  // The b-files: one per sequence (optimum and eccentricity), `n a(n)` per line.
  if (!sequences.empty()) {
    const std::filesystem::path bdir = dir / (stem + ".b");
    std::filesystem::create_directories(bdir);
    for (const Sequence& s : sequences) {
      if (!s.bfile) continue;
      std::string opt, ecc;
      for (const auto& [n, c] : s.cells) {
        if (!c["optimum"].is_null())
          opt += std::to_string(n) + " " + optional_number(c["optimum"]) + "\n";
        ecc +=
            std::to_string(n) + " " + std::to_string(c["eccentricity"].get<std::uint64_t>()) + "\n";
      }
      const std::string base = s.id + "_" + std::to_string(s.from) + "-" + std::to_string(s.to);
      write_file_atomic(bdir / (base + ".optimum.txt"), opt);
      write_file_atomic(bdir / (base + ".eccentricity.txt"), ecc);
    }
  }
  TableOutput out;
  out.title = batch.title;
  out.command_line = command_line;
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.summary = std::to_string(cells) + " cells from " + std::to_string(searches) + " searches, " +
                std::to_string(sequences.size()) + " sequences; " + std::to_string(unexpected) +
                " contradict a claim. " + left_note;
  out.legend =
      "Each graph is one isomorphism class (edges a-b both ways, a>b one way; its id is its "
      "position in the enumeration by least arc mask); each pair (from → to) one orbit of the "
      "graph's automorphisms on ordered pairs.  optimum: the fewest moves from every disc on "
      "`from` to every disc on `to` (— where unreachable); eccentricity: the start's largest "
      "distance to any reachable state; closed form: the formula of the family this graph and "
      "pair are (classic, reves, adjacent, cyclic, four-star), where one is; Frame-type recursion: "
      "our construction (variants/graph/graph.hpp: the smallest discs as one tower to a peg x, the "
      "largest without x, the tower back; exact on 3 pegs), never below the optimum; OEIS: the "
      "published sequence of this graph and pair from the row's `published` file, term by term; "
      "seconds: the one complete search from `from` that every pair from that peg shares (it "
      "watches the tower on each goal peg).  "
      "b-files: " +
      stem + ".b/<graph>_<from>-<to>.optimum.txt and .eccentricity.txt.";
  out.body = md.str();
  out.csv = csv.str();
  out.extra_csv.emplace_back("graphs", graphs_csv.str());
  out.partial = partial;
  out.journal_note = journal.summary_note();
  out.plots = !o.no_plots;
  return finish_batch(dir, batch.path, out, unexpected, 0);
}

const RegisterBatchKind kAtlasBatch{BatchKind{.name = "atlas", .run = run_atlas_batch}};

}  // namespace
}  // namespace hanoi::cli
