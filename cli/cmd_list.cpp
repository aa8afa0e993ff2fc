// `hanoi list`: every family, its pegs, problems, algorithms and n range.
#include <cstdio>
#include <iostream>
#include <memory>

#include "cli/command.hpp"
#include "engine/memory.hpp"
#include "variants/registry.hpp"

namespace hanoi::cli {
namespace {

using nlohmann::json;

// One instance of a family that describes its instances (`hanoi list graph --pegs 4
// --edges 0-1,1-2,2-3`): the parameters normalised, and what they make of it.
int describe_instance(bool as_json, const std::string& only, const CommonOptions& o) {
  const FamilyInfo& fam = variants::find_family(only);
  if (!fam.instance_summary)
    throw UsageError("list: " + fam.name + " takes no --edges, --from or --to");
  CommonOptions q = o;
  q.n = 1;
  const Params p = normalize(fam, params_of(q));
  if (as_json) {
    json j = params_json(fam, p);
    j.erase("n");
    j["summary"] = fam.instance_summary(p);
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::cout << fam.name << " pegs=" << p.pegs << " edges=" << p.edges << " from=" << p.from
            << " to=" << p.to << "\n  " << fam.instance_summary(p) << "\n";
  return 0;
}

// Every family, or the one named (`hanoi list reves`).
int list_families(bool as_json, const std::string& only) {
  if (!only.empty()) (void)variants::find_family(only);  // an unknown name: exit 2, listed
  json out = json::array();
  for (const auto& f : variants::all_families()) {
    if (!only.empty() && f->name != only) continue;
    json fam;
    fam["variant"] = f->name;
    fam["summary"] = f->summary;
    fam["pegs"] = {{"default", f->default_pegs}, {"min", f->min_pegs}, {"max", f->max_pegs}};
    json problems = json::array();
    for (const auto& pr : f->problems) {
      Params p{1, f->default_pegs, pr.code};
      json algs = json::array();
      for (const AlgorithmSpec* a : algorithms_for(*f, p))
        algs.push_back({{"name", a->name}, {"description", a->description}});
      problems.push_back(
          {{"code", pr.code}, {"description", pr.description}, {"algorithms", algs}});
    }
    fam["problems"] = problems;
    json nmax = json::object();
    for (int m = f->min_pegs; m <= f->max_pegs; ++m) nmax[std::to_string(m)] = f->max_n(m);
    fam["max_n_by_pegs"] = nmax;
    out.push_back(fam);
  }
  if (as_json) {
    std::cout << out.dump(2) << "\n";
    return 0;
  }
  for (const auto& fam : out) {
    std::cout << fam["variant"].get<std::string>() << ": " << fam["summary"].get<std::string>()
              << "\n";
    const auto& pg = fam["pegs"];
    std::cout << "  pegs: " << pg["default"].get<int>();
    if (pg["min"] != pg["max"])
      std::cout << " (--pegs " << pg["min"].get<int>() << ".." << pg["max"].get<int>() << ")";
    std::cout << "; n: 1.."
              << fam["max_n_by_pegs"][std::to_string(pg["default"].get<int>())].get<int>() << "\n";
    for (const auto& pr : fam["problems"]) {
      std::cout << "  --problem " << pr["code"].get<std::string>() << "  "
                << pr["description"].get<std::string>() << "\n";
      for (const auto& a : pr["algorithms"])
        std::cout << "      " << a["name"].get<std::string>() << "  "
                  << a["description"].get<std::string>() << "\n";
    }
  }
  return 0;
}

const RegisterCommand kList{[] {
  auto json_out = std::make_shared<bool>(false);
  auto only = std::make_shared<std::string>();
  return Command{
      .name = "list",
      .help = "variants, problems, algorithms and parameter ranges",
      .order = 10,
      .options =
          [json_out, only](CLI::App& cmd, CommonOptions& o) {
            CLI::Option* variant =
                cmd.add_option("variant", *only, "only this variant (default: every one)")
                    ->check(non_empty());
            cmd.add_flag("--json", *json_out, "machine-readable output");
            cmd.add_option("--pegs", o.pegs, "graph: the number of pegs")
                ->check(decimal_for(o.pegs))
                ->needs(variant);
            CLI::Option* edges =
                cmd.add_option("--edges", o.edges,
                               "graph: describe this move graph (connectivity, shed, "
                               "automorphisms) instead of listing the variant")
                    ->check(non_empty())
                    ->needs(variant);
            cmd.add_option("--from", o.from, "graph: the start peg (default 0)")
                ->check(decimal_for(o.from))
                ->needs(edges);
            cmd.add_option("--to", o.to, "graph: the goal peg (default pegs-1)")
                ->check(decimal_for(o.to))
                ->needs(edges);
          },
      .run =
          [json_out, only](const CommonOptions& o, const std::string&) {
            if (!o.edges.empty()) return describe_instance(*json_out, *only, o);
            return list_families(*json_out, *only);
          },
  };
}()};

}  // namespace
}  // namespace hanoi::cli
