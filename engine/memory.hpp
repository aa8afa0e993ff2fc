// Memory figures: the machine's RAM, the process's peak resident set, and parsing
// of human sizes ("512M", "8G") for --max-memory.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hanoi {

// Physical RAM in bytes (sysconf), or 0 if unknown.
std::uint64_t physical_memory_bytes();

// Default search budget: a safe fraction (3/4) of physical RAM.
std::uint64_t default_memory_budget();

// Peak resident set size of this process so far (VmHWM), in bytes.
std::uint64_t peak_rss_bytes();

// Resident set size of this process now (VmRSS), in bytes.
std::uint64_t current_rss_bytes();

// What the process holds besides a search it is about to plan: its resident set
// now and kRunAllowance for what a search touches beyond its own allocations (the
// engine's code pages, the worker threads' stacks and allocator arenas: a search of
// 3 discs peaks 2.5 MiB above the resident set measured before it).
inline constexpr std::uint64_t kRunAllowance = std::uint64_t{3} << 20;
std::uint64_t process_baseline_bytes();

// Parses "123", "64K", "512M", "8G", "1T" (binary units; optional trailing "B" or
// "iB").  Returns nullopt for anything else.
std::optional<std::uint64_t> parse_byte_size(std::string_view text);

// "1.50 GiB" style.
std::string format_bytes(std::uint64_t bytes);

}  // namespace hanoi
