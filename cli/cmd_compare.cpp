// `hanoi compare VARIANT ALGORITHM -n N` and the batch kind "compare".
//
// An instance family (analyses/compare.hpp; today Er's colour towers: every
// colouring x every start for one target) is run to the end, instance by instance,
// against the optimum; what comes back is a summary that does not grow with the
// number of instances (means, worst excess and ratio, the worst and hardest
// instances as replayable options, a histogram of the excess).  Per-instance rows
// go to CSV only on request, behind a size guard.
//
// Batch rows (kind = "compare"): variant, n, optional problem / pegs / target, the
// `algorithm`, and an optional claim `expect = "optimal"` (every instance solved
// optimally; a counter-example is a mismatch, exit status 1).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <vector>

#include "analyses/compare.hpp"
#include "cli/batch.hpp"
#include "cli/command.hpp"
#include "cli/interrupt.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

using nlohmann::json;

const FamilyInfo& instance_family(const std::string& variant) {
  const FamilyInfo& fam = variants::find_family(variant);
  if (find_instance_comparison(fam) == nullptr)
    throw UsageError(fam.name + " has no instance family to compare over (use `hanoi run` for " +
                     "its single instance)");
  return fam;
}

InstanceFamilyReport compare_instances(const FamilyInfo& fam, const Params& p,
                                       std::string_view algorithm,
                                       const InstanceFamilyOptions& options) {
  return (*find_instance_comparison(fam))(p, algorithm, options);
}

// Progress on stderr at most every 2 s.
// The progress callback also stops the comparison on SIGINT/SIGTERM
// (cli/interrupt.hpp): it runs after each group of instances.
InstanceFamilyOptions with_progress(bool quiet, const std::string& label) {
  InstanceFamilyOptions o;
  auto last =
      std::make_shared<std::chrono::steady_clock::time_point>(std::chrono::steady_clock::now());
  const auto t0 = *last;
  o.on_progress = [last, t0, label, quiet](std::uint64_t done, std::uint64_t total) {
    if (interrupted()) throw SearchCancelled();
    if (quiet) return;
    const auto now = std::chrono::steady_clock::now();
    if (done != total && now - *last < std::chrono::seconds(2)) return;
    *last = now;
    const double s = std::chrono::duration<double>(now - t0).count();
    const double eta =
        done == 0 ? 0 : s * static_cast<double>(total - done) / static_cast<double>(done);
    std::fprintf(stderr, "[compare] %s: %llu/%llu groups, %.0f s, ETA %.0f s\n", label.c_str(),
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(total), s,
                 eta);
  };
  return o;
}

std::string histogram_text(const std::map<std::uint64_t, std::uint64_t>& h) {
  std::string out;
  for (const auto& [excess, count] : h)
    out += (out.empty() ? "" : " ") + std::to_string(excess) + ":" + std::to_string(count);
  return out;
}

json report_json(const InstanceFamilyReport& r) {
  json hist = json::object();
  for (const auto& [excess, count] : r.histogram) hist[std::to_string(excess)] = count;
  return {{"family", r.family},
          {"instances", r.instances},
          {"optimal_instances", r.optimal_instances},
          {"mean_optimum", r.mean_optimum},
          {"mean_algorithm", r.mean_algorithm},
          {"mean_excess", r.mean_excess},
          {"max_excess", r.max_excess},
          {"max_ratio", r.max_ratio},
          {"worst",
           {{"instance", r.worst}, {"optimum", r.worst_optimum}, {"algorithm", r.worst_algorithm}}},
          {"hardest", {{"instance", r.hardest}, {"optimum", r.max_optimum}}},
          {"histogram", hist},
          {"seconds", r.seconds}};
}

std::string fixed(double v, int digits) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", digits, v);
  return buf;
}

// One row's picture: mean optimum and mean algorithm count over n (log scale), and
// the histogram of the excess at the largest n.  Plain SVG, no plotting library:
// two panels of bars and dots are all it needs.
struct RowSeries {
  std::string title, algorithm;
  std::vector<int> n;
  std::vector<double> mean_optimum, mean_algorithm;
  std::map<std::uint64_t, std::uint64_t> last_histogram;
  std::uint64_t last_instances = 0;
};

std::string svg_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '<')
      out += "&lt;";
    else if (c == '>')
      out += "&gt;";
    else if (c == '&')
      out += "&amp;";
    else
      out += c;
  }
  return out;
}

std::string row_svg(const RowSeries& r) {
  const double w = 760, h = 300, left = 60, top = 40, pw = 300, ph = 200;
  std::ostringstream o;
  o << "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" << w << "\" height=\"" << h
    << "\" font-family=\"sans-serif\" font-size=\"11\">\n"
    << "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
    << "<text x=\"" << left << "\" y=\"18\" font-size=\"13\">" << svg_escape(r.title)
    << "</text>\n";
  // Left panel: log10 of the means over n.
  double hi = 1;
  for (double v : r.mean_algorithm) hi = std::max(hi, v);
  for (double v : r.mean_optimum) hi = std::max(hi, v);
  const double decades = std::ceil(std::log10(hi)) + 0.0001;
  auto px = [&](std::size_t i) {
    return left + (r.n.size() < 2
                       ? pw / 2
                       : pw * static_cast<double>(i) / static_cast<double>(r.n.size() - 1));
  };
  auto py = [&](double v) { return top + ph - ph * std::log10(std::max(v, 1.0)) / decades; };
  o << "<rect x=\"" << left << "\" y=\"" << top << "\" width=\"" << pw << "\" height=\"" << ph
    << "\" fill=\"none\" stroke=\"#888\"/>\n";
  for (int d = 0; d <= static_cast<int>(decades); ++d)
    o << "<text x=\"" << left - 6 << "\" y=\"" << py(std::pow(10.0, d)) + 4
      << "\" text-anchor=\"end\">1e" << d << "</text>\n";
  for (std::size_t i = 0; i < r.n.size(); ++i) {
    o << "<text x=\"" << px(i) << "\" y=\"" << top + ph + 14 << "\" text-anchor=\"middle\">"
      << r.n[i] << "</text>\n";
    o << "<circle cx=\"" << px(i) << "\" cy=\"" << py(r.mean_optimum[i])
      << "\" r=\"5\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"2\"/>\n";
    o << "<circle cx=\"" << px(i) << "\" cy=\"" << py(r.mean_algorithm[i])
      << "\" r=\"2.5\" fill=\"#d62728\"/>\n";
  }
  o << "<text x=\"" << left + pw / 2 << "\" y=\"" << top + ph + 30
    << "\" text-anchor=\"middle\">n (log scale: mean over all instances)</text>\n"
    << "<text x=\"" << left + 8 << "\" y=\"" << top + 14
    << "\" fill=\"#1f77b4\">o mean optimum</text>\n"
    << "<text x=\"" << left + 8 << "\" y=\"" << top + 28 << "\" fill=\"#d62728\">* mean "
    << svg_escape(r.algorithm) << "</text>\n";
  // Right panel: histogram of the excess at the largest n.
  const double hx = left + pw + 90;
  o << "<rect x=\"" << hx << "\" y=\"" << top << "\" width=\"" << pw << "\" height=\"" << ph
    << "\" fill=\"none\" stroke=\"#888\"/>\n";
  const std::size_t bars = std::max<std::size_t>(1, r.last_histogram.size());
  const double bw = pw / static_cast<double>(bars);
  std::uint64_t most = 1;
  for (const auto& [e, c] : r.last_histogram) most = std::max(most, c);
  std::size_t k = 0;
  for (const auto& [excess, count] : r.last_histogram) {
    const double bh = ph * static_cast<double>(count) / static_cast<double>(most);
    const double slot = static_cast<double>(k);
    o << "<rect x=\"" << hx + slot * bw + 2 << "\" y=\"" << top + ph - bh << "\" width=\""
      << std::max(1.0, bw - 4) << "\" height=\"" << bh << "\" fill=\"#2ca02c\"/>\n"
      << "<text x=\"" << hx + slot * bw + bw / 2 << "\" y=\"" << top + ph + 14
      << "\" text-anchor=\"middle\">" << excess << "</text>\n";
    ++k;
  }
  o << "<text x=\"" << hx + pw / 2 << "\" y=\"" << top + ph + 30
    << "\" text-anchor=\"middle\">excess over the optimum at n = " << (r.n.empty() ? 0 : r.n.back())
    << " (" << r.last_instances << " instances)</text>\n</svg>\n";
  return o.str();
}

}  // namespace

int compare_command(const CommonOptions& o, const std::string& algorithm,
                    const std::string& instances_csv, std::uint64_t csv_limit) {
  const FamilyInfo& fam = instance_family(o.variant);
  const Params p = normalize(fam, params_of(o));
  find_algorithm(fam, p, algorithm);
  InstanceFamilyOptions io = with_progress(o.quiet, fam.name + " n=" + std::to_string(p.n));
  // The instances CSV is whole or untouched: written to a temporary file beside it
  // and renamed into place after the last row, removed on an error or an
  // interruption (cli/output_file.hpp).
  std::unique_ptr<OutputFile> csv;
  std::string rows;
  if (!instances_csv.empty()) {
    // Er: 6^n instances; the guard is checked before any work.
    long double count = 1;
    for (int i = 0; i < p.n; ++i) count *= 6;
    if (count > static_cast<long double>(csv_limit))
      throw UsageError("--instances-csv would write about " + fixed(static_cast<double>(count), 0) +
                       " rows, above --csv-limit " + std::to_string(csv_limit));
    csv = std::make_unique<OutputFile>(instances_csv);
    rows = "id,instance,optimum,algorithm,excess\n";
    io.on_instance = [&](const InstanceRow& r) {
      rows += std::to_string(r.id) + ",\"" + r.instance + "\"," + std::to_string(r.optimum) + "," +
              std::to_string(r.algorithm) + "," + std::to_string(r.algorithm - r.optimum) + "\n";
      if (rows.size() >= (std::size_t{1} << 16)) {
        csv->write(rows);
        rows.clear();
      }
    };
  }
  const InstanceFamilyReport r = compare_instances(fam, p, algorithm, io);
  if (csv) {
    csv->write(rows);
    csv->commit();
  }
  if (o.json) {
    json j = params_json(fam, p);
    j["algorithm"] = algorithm;
    j.update(report_json(r));
    std::cout << j.dump() << "\n";
    return 0;
  }
  std::cout << fam.name << " " << algorithm << " n=" << p.n << ": " << r.family << "\n"
            << "  instances:         " << r.instances << "\n"
            << "  solved optimally:  " << r.optimal_instances << "\n"
            << "  mean optimum:      " << fixed(r.mean_optimum, 4) << "\n"
            << "  mean " << algorithm << ": " << fixed(r.mean_algorithm, 4) << "\n"
            << "  max excess:        " << r.max_excess << " (ratio at most "
            << fixed(r.max_ratio, 4) << ")\n"
            << "  worst instance:    " << r.worst << " (optimum " << r.worst_optimum << ", "
            << algorithm << " " << r.worst_algorithm << ")\n"
            << "  hardest instance:  " << r.hardest << " (optimum " << r.max_optimum << ")\n"
            << "  excess histogram:  " << histogram_text(r.histogram) << "\n"
            << "  time:              " << fixed(r.seconds, 2) << " s\n";
  return 0;
}

int run_compare_batch(const BatchFile& batch, const std::string& out_dir, const CommonOptions& o,
                      const std::string& command_line) {
  const auto t0 = std::chrono::steady_clock::now();
  struct Row : RowCommon {
    std::string algorithm, expect;
    int target = -1;
  };
  const std::vector<Row> rows =
      read_rows<Row>(batch, {"algorithm", "expect", "target"}, [](Row& r, const toml::table& t) {
        r.algorithm = optional_string(t, "algorithm", r.where);
        if (r.algorithm.empty()) throw UsageError(r.where + ": a compare row needs 'algorithm'");
        r.expect = optional_string(t, "expect", r.where);
        if (!r.expect.empty() && r.expect != "optimal")
          throw UsageError(r.where + ": 'expect' must be \"optimal\"");
        r.target = static_cast<int>(optional_int(t, "target", r.where, -1, 0));
        const FamilyInfo& fam = instance_family(r.variant);
        for (int n = r.n_lo; n <= r.n_hi; ++n) {
          Params p = params_at(r, n);
          p.target = r.target;
          find_algorithm(fam, normalize(fam, p), r.algorithm);
        }
      });
  const std::filesystem::path dir = prepare_out_dir(out_dir);
  CellJournal journal(dir, batch.path, "compare", o.fresh, o.quiet);
  std::ostringstream md, csv;
  csv << "variant,problem,target,algorithm,n,instances,optimal_instances,mean_optimum,"
         "mean_algorithm,mean_excess,max_excess,max_ratio,worst,worst_optimum,worst_algorithm,"
         "hardest,max_optimum,histogram,seconds,verdict\n";
  int cells = 0, unexpected = 0, row_index = 0;
  bool partial = false;
  try {
    for (const Row& r : rows) {
      const FamilyInfo& fam = variants::find_family(r.variant);
      Params first{r.n_lo, r.pegs, r.problem};
      first.target = r.target;
      first = normalize(fam, first);
      md << "\n## " << fam.name << " `" << r.algorithm << "` against the optimum — problem `"
         << first.problem << "`, target peg " << first.target << "\n\n";
      if (!r.note.empty()) md << r.note << "\n\n";
      if (!r.expect.empty()) md << "Claim: " << r.algorithm << " is optimal on every instance.\n\n";
      RowSeries series;
      series.title = fam.name + " " + r.algorithm + " against the optimum, target peg " +
                     std::to_string(first.target);
      series.algorithm = r.algorithm;
      md << "| n | instances | solved optimally | mean optimum | mean " << r.algorithm
         << " | max excess | max ratio | worst instance | hardest instance (optimum) | s | verdict "
            "|\n|---|---|---|---|---|---|---|---|---|---|---|\n";
      for (int n = r.n_lo; n <= r.n_hi; ++n) {
        const nlohmann::json c = journal.cell(r, n, [&] {
          Params p = params_at(r, n);
          p.target = r.target;
          p = normalize(fam, p);
          const InstanceFamilyReport rep = compare_instances(
              fam, p, r.algorithm, with_progress(o.quiet, fam.name + " n=" + std::to_string(n)));
          const bool all_optimal = rep.optimal_instances == rep.instances;
          std::string verdict =
              all_optimal
                  ? "optimal on every instance"
                  : std::to_string(rep.instances - rep.optimal_instances) + " instances beaten";
          int mismatch = 0;
          if (!r.expect.empty() && !all_optimal) {
            verdict = "MISMATCH: " + verdict;
            mismatch = 1;
          }
          const std::string worst =
              rep.max_excess == 0 ? "—"
                                  : "`" + rep.worst + "` (" + std::to_string(rep.worst_optimum) +
                                        " vs " + std::to_string(rep.worst_algorithm) + ")";
          std::ostringstream line, row_csv;
          line << "| " << n << " | " << rep.instances << " | " << rep.optimal_instances << " | "
               << fixed(rep.mean_optimum, 4) << " | " << fixed(rep.mean_algorithm, 4) << " | "
               << rep.max_excess << " | " << fixed(rep.max_ratio, 4) << " | " << worst << " | `"
               << rep.hardest << "` (" << rep.max_optimum << ") | " << fixed(rep.seconds, 2)
               << " | " << verdict << " |\n";
          row_csv << fam.name << "," << p.problem << "," << p.target << "," << r.algorithm << ","
                  << n << "," << rep.instances << "," << rep.optimal_instances << ","
                  << fixed(rep.mean_optimum, 6) << "," << fixed(rep.mean_algorithm, 6) << ","
                  << fixed(rep.mean_excess, 6) << "," << rep.max_excess << ","
                  << fixed(rep.max_ratio, 6) << "," << csv_escape(rep.worst) << ","
                  << rep.worst_optimum << "," << rep.worst_algorithm << ","
                  << csv_escape(rep.hardest) << "," << rep.max_optimum << ","
                  << csv_escape(histogram_text(rep.histogram)) << "," << fixed(rep.seconds, 3)
                  << "," << csv_escape(verdict) << "\n";
          char log[256];
          std::snprintf(log, sizeof log, "%s n=%d: %s in %.1f s", fam.name.c_str(), n,
                        verdict.c_str(), rep.seconds);
          return nlohmann::json{{"md", line.str()},
                                {"csv", row_csv.str()},
                                {"unexpected", mismatch},
                                {"log", log},
                                {"mean_optimum", rep.mean_optimum},
                                {"mean_algorithm", rep.mean_algorithm},
                                {"histogram", rep.histogram},
                                {"instances", rep.instances}};
        });
        ++cells;
        series.n.push_back(n);
        series.mean_optimum.push_back(c["mean_optimum"].get<double>());
        series.mean_algorithm.push_back(c["mean_algorithm"].get<double>());
        series.last_histogram = c["histogram"].get<std::map<std::uint64_t, std::uint64_t>>();
        series.last_instances = c["instances"].get<std::uint64_t>();
        unexpected += c["unexpected"].get<int>();
        md << c["md"].get<std::string>();
        csv << c["csv"].get<std::string>();
        if (!o.quiet)
          std::fprintf(stderr, "[compare] %s%s\n", c["log"].get<std::string>().c_str(),
                       c.contains("reused") ? " (from the journal)" : "");
      }
      const std::string stem = std::filesystem::path(batch.path).stem().string();
      const std::string svg_name = stem + "_row" + std::to_string(++row_index) + ".svg";
      write_file_atomic(dir / svg_name, row_svg(series));
      md << "\n![" << series.title << "](" << svg_name << ")\n";
    }
  } catch (const BatchInterrupted&) {
    partial = true;
  }
  TableOutput out;
  out.title = batch.title;
  out.command_line = command_line;
  out.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  out.summary =
      std::to_string(cells) + " cells; " + std::to_string(unexpected) + " contradict a claim.";
  out.legend =
      "Columns: per n, every instance of the family (er: every colouring x every start, for the "
      "row's target peg); `solved optimally` counts the instances where the algorithm's move "
      "count equals the optimum (a backward breadth-first search from the goal, one per "
      "colouring); the worst instance has the largest excess (ties: smallest instance id) and "
      "the hardest the largest optimum, each as the options that replay it with `hanoi run` or "
      "`hanoi optimum`; the CSV's `histogram` lists excess:instances.";
  out.body = md.str();
  out.csv = csv.str();
  out.partial = partial;
  out.journal_note = journal.summary_note();
  out.plots = !o.no_plots;
  return finish_batch(dir, batch.path, out, unexpected, 0);
}

namespace {

struct CompareArgs {
  std::string algorithm, instances_csv;
  std::uint64_t csv_limit = 10'000'000;
};

const RegisterCommand kCompare{[] {
  auto args = std::make_shared<CompareArgs>();
  return Command{
      .name = "compare",
      .help =
          "an algorithm against the optimum on every instance of a family (er: every "
          "colouring x every start): mean and worst excess, histogram",
      .order = 60,
      .options =
          [args](CLI::App& cmd, CommonOptions& o) {
            add_variant_option(cmd, o);
            cmd.add_option("algorithm", args->algorithm, "algorithm name (see `hanoi list`)")
                ->required();
            add_params(cmd, o);
            add_resources(cmd, o);
            cmd.add_flag("--json", o.json, "machine-readable output");
            cmd.add_option("--instances-csv", args->instances_csv,
                           "also write one CSV row per instance to this file")
                ->check(non_empty());
            cmd.add_option("--csv-limit", args->csv_limit,
                           "refuse --instances-csv for families of more instances (default 10^7)")
                ->check(decimal_for(args->csv_limit));
          },
      .run =
          [args](const CommonOptions& o, const std::string&) {
            return compare_command(o, args->algorithm, args->instances_csv, args->csv_limit);
          },
  };
}()};

const RegisterBatchKind kCompareBatch{BatchKind{.name = "compare", .run = run_compare_batch}};

}  // namespace
}  // namespace hanoi::cli
