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
          [json_out, only](CLI::App& cmd, CommonOptions&) {
            cmd.add_option("variant", *only, "only this variant (default: every one)")
                ->check(non_empty());
            cmd.add_flag("--json", *json_out, "machine-readable output");
          },
      .run = [json_out, only](const CommonOptions&,
                              const std::string&) { return list_families(*json_out, *only); },
  };
}()};

}  // namespace
}  // namespace hanoi::cli
