// Statistics of an algorithm against the optimum over many instances, streamed.
//
// Design overview
// ---------------
// When an algorithm is compared with the optimum over every instance of a family
// (Er's colour towers: 2^n colourings x 3^n starts, 2.2·10^9 instances at n = 12),
// nothing per instance can be kept.  InstanceStats folds one instance at a time
// (add) into counts, integer sums, maxima and a histogram of the excess
// (algorithm - optimum), and two accumulators filled by different threads combine
// with merge.  Besides the worst instance (largest excess) it keeps the instance of
// largest ratio and the hardest instance (largest optimum): when the algorithm is
// optimal everywhere, the worst instance says nothing and the hardest one does.
//
// Determinism: every field is a sum, a maximum or an arg-max whose ties go to the
// smallest instance id, so the result does not depend on how instances were split
// among threads or in which order the parts were merged.  Sums are exact integers
// (means are computed from them at the end); the largest ratio is compared exactly
// by cross-multiplication, never as a rounded double.
//
// Cost: add() is a few comparisons and additions and one histogram increment in a
// dense array (excesses below kDenseExcess; larger ones, rare, go to a map), so it
// can sit in a loop over 10^9 instances.
//
// An algorithm below the optimum is a bug in one of the two (the optimum is a lower
// bound of every legal solution): add() throws std::logic_error.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace hanoi {

class InstanceStats {
 public:
  // Excesses below this are counted in a flat array, larger ones in a map.
  static constexpr std::uint64_t kDenseExcess = std::uint64_t{1} << 16;

  // One instance where the algorithm's count (or cost) was fixed by an extreme.
  struct Extreme {
    std::uint64_t id = 0;
    std::uint64_t optimum = 0;
    std::uint64_t algorithm = 0;
  };

  void add(std::uint64_t optimum, std::uint64_t algorithm, std::uint64_t id) {
    if (algorithm < optimum)
      throw std::logic_error("instance " + std::to_string(id) + ": the algorithm's " +
                             std::to_string(algorithm) + " moves are below the optimum " +
                             std::to_string(optimum));
    const std::uint64_t excess = algorithm - optimum;
    ++instances_;
    sum_optimum_ += optimum;
    sum_algorithm_ += algorithm;
    if (excess == 0) ++optimal_;
    count_excess(excess, 1);
    consider_worst(Extreme{id, optimum, algorithm});
    consider_hardest(Extreme{id, optimum, algorithm});
    if (optimum > 0) consider_ratio(Extreme{id, optimum, algorithm});
  }

  void merge(const InstanceStats& o) {
    instances_ += o.instances_;
    optimal_ += o.optimal_;
    sum_optimum_ += o.sum_optimum_;
    sum_algorithm_ += o.sum_algorithm_;
    for (std::size_t e = 0; e < o.dense_.size(); ++e)
      if (o.dense_[e] != 0) count_excess(e, o.dense_[e]);
    for (const auto& [e, c] : o.sparse_) count_excess(e, c);
    if (o.worst_) consider_worst(*o.worst_);
    if (o.hardest_) consider_hardest(*o.hardest_);
    if (o.worst_ratio_) consider_ratio(*o.worst_ratio_);
  }

  std::uint64_t instances() const { return instances_; }
  // Instances where the algorithm equals the optimum.
  std::uint64_t optimal_instances() const { return optimal_; }
  std::uint64_t sum_optimum() const { return sum_optimum_; }
  std::uint64_t sum_algorithm() const { return sum_algorithm_; }
  std::uint64_t sum_excess() const { return sum_algorithm_ - sum_optimum_; }
  double mean_optimum() const { return mean(sum_optimum_); }
  double mean_algorithm() const { return mean(sum_algorithm_); }
  double mean_excess() const { return mean(sum_excess()); }
  // The largest algorithm - optimum (0 when empty).
  std::uint64_t max_excess() const { return worst_ ? worst_->algorithm - worst_->optimum : 0; }
  // The largest algorithm / optimum over instances with optimum > 0 (0 when none).
  double max_ratio() const {
    return worst_ratio_ ? static_cast<double>(worst_ratio_->algorithm) /
                              static_cast<double>(worst_ratio_->optimum)
                        : 0.0;
  }
  // The instance of largest excess, ties to the smallest id (none when empty).
  const std::optional<Extreme>& worst() const { return worst_; }
  // The instance of largest ratio, ties to the smallest id (none without optimum > 0).
  const std::optional<Extreme>& worst_ratio() const { return worst_ratio_; }
  // The largest optimum (0 when empty) and its instance, ties to the smallest id.
  std::uint64_t max_optimum() const { return hardest_ ? hardest_->optimum : 0; }
  const std::optional<Extreme>& hardest() const { return hardest_; }
  // Excess -> number of instances, every excess that occurred.
  std::map<std::uint64_t, std::uint64_t> histogram() const {
    std::map<std::uint64_t, std::uint64_t> h(sparse_);
    for (std::size_t e = 0; e < dense_.size(); ++e)
      if (dense_[e] != 0) h[e] = dense_[e];
    return h;
  }

 private:
  double mean(std::uint64_t sum) const {
    return instances_ == 0 ? 0.0 : static_cast<double>(sum) / static_cast<double>(instances_);
  }

  void count_excess(std::uint64_t e, std::uint64_t c) {
    if (e < dense_.size()) {
      dense_[e] += c;
    } else if (e < kDenseExcess) {
      // Grows by doubling, so a stream of rising excesses costs amortised O(1).
      std::size_t size = dense_.empty() ? 64 : dense_.size();
      while (size <= e) size *= 2;
      dense_.resize(size < kDenseExcess ? size : kDenseExcess, 0);
      dense_[e] += c;
    } else {
      sparse_[e] += c;
    }
  }

  void consider_worst(const Extreme& x) {
    if (!worst_) {
      worst_ = x;
      return;
    }
    const std::uint64_t ex = x.algorithm - x.optimum;
    const std::uint64_t ew = worst_->algorithm - worst_->optimum;
    if (ex > ew || (ex == ew && x.id < worst_->id)) worst_ = x;
  }

  void consider_hardest(const Extreme& x) {
    if (!hardest_ || x.optimum > hardest_->optimum ||
        (x.optimum == hardest_->optimum && x.id < hardest_->id))
      hardest_ = x;
  }

  // a/b against c/d exactly: a*d against c*b in 128 bits.
  void consider_ratio(const Extreme& x) {
    if (!worst_ratio_) {
      worst_ratio_ = x;
      return;
    }
    using Wide = unsigned __int128;
    const Wide lhs = static_cast<Wide>(x.algorithm) * worst_ratio_->optimum;
    const Wide rhs = static_cast<Wide>(worst_ratio_->algorithm) * x.optimum;
    if (lhs > rhs || (lhs == rhs && x.id < worst_ratio_->id)) worst_ratio_ = x;
  }

  std::uint64_t instances_ = 0;
  std::uint64_t optimal_ = 0;
  std::uint64_t sum_optimum_ = 0;
  std::uint64_t sum_algorithm_ = 0;
  std::optional<Extreme> worst_;
  std::optional<Extreme> worst_ratio_;
  std::optional<Extreme> hardest_;
  std::vector<std::uint64_t> dense_;               // excess -> count, below kDenseExcess
  std::map<std::uint64_t, std::uint64_t> sparse_;  // excess -> count, the rest
};

}  // namespace hanoi
