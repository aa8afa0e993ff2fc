// The two renderings of `hanoi show`: the replay page and the static strip.
#include <algorithm>
#include <cstdio>
#include <sstream>
#include <stdexcept>
#include <string>

#include "cli/replay_view.hpp"

namespace hanoi::cli {
namespace {

constexpr std::string_view kPage =
#include "cli/show_page.inc"
    ;
constexpr std::string_view kPlaceholder = "/*@HANOI_DATA@*/null";

std::string xml_escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Black or white text, whichever reads on the disc's colour.
const char* text_on(const std::string& hex) {
  if (hex.size() != 7) return "#000";
  const int r = std::stoi(hex.substr(1, 2), nullptr, 16),
            g = std::stoi(hex.substr(3, 2), nullptr, 16),
            b = std::stoi(hex.substr(5, 2), nullptr, 16);
  return 299 * r + 587 * g + 114 * b > 140000 ? "#000" : "#fff";
}

}  // namespace

std::string show_page(const nlohmann::json& data) {
  const std::size_t at = kPage.find(kPlaceholder);
  if (at == std::string_view::npos || kPage.find(kPlaceholder, at + 1) != std::string_view::npos)
    throw std::logic_error("cli/show_page.html must hold its data placeholder exactly once");
  // Inside <script>, "</" could end the element and "<!--" change how it is parsed:
  // every '<' is written as the JSON escape \u003c.  Bytes that are not UTF-8 (a
  // file name) are replaced rather than refused.
  const std::string json = data.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string safe;
  safe.reserve(json.size());
  for (char c : json) {
    if (c == '<') {
      safe += "\\u003c";
    } else {
      safe += c;
    }
  }
  std::string out(kPage.substr(0, at));
  out += safe;
  out += kPage.substr(at + kPlaceholder.size());
  return out;
}

std::string strip_svg(const nlohmann::json& data, std::size_t count) {
  const auto& frames = data.at("frames");
  count = std::min(count, frames.size());
  const int pegs = data.at("pegs").get<int>();
  const int max_size = std::max(1, data.at("max_size").get<int>());
  // The tallest stack decides the disc height.
  std::size_t tallest = 1;
  for (std::size_t f = 0; f < count; ++f)
    for (const auto& peg : frames[f].at("pegs"))
      tallest = std::max(tallest, peg.at("discs").size());
  const double peg_w = pegs <= 4 ? 70 : std::max(14.0, 280.0 / pegs);
  const double disc_h = std::clamp(150.0 / static_cast<double>(tallest), 2.0, 14.0);
  const double panel_w = peg_w * pegs + 16;
  const double board_h = disc_h * static_cast<double>(tallest) + 12;
  const double panel_h = board_h + 44;
  const std::size_t per_row = 4;
  const std::size_t rows = (count + per_row - 1) / per_row;
  const double width = panel_w * static_cast<double>(std::min(count, per_row)) + 8;
  const double height = panel_h * static_cast<double>(rows) + 30;
  std::ostringstream o;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                "viewBox=\"0 0 %.0f %.0f\" font-family=\"sans-serif\">\n",
                width, height, width, height);
  o << buf << "<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n";
  o << "<text x=\"8\" y=\"18\" font-size=\"13\">" << xml_escape(data.at("title").get<std::string>())
    << "</text>\n";
  for (std::size_t f = 0; f < count; ++f) {
    const auto& fr = frames[f];
    const std::size_t column = f % per_row, row = f / per_row;  // whole panels
    const double x0 = 4 + panel_w * static_cast<double>(column);
    const double y0 = 26 + panel_h * static_cast<double>(row);
    const double floor_y = y0 + board_h;
    o << "<g>\n";
    for (int p = 0; p < pegs; ++p) {
      const auto& peg = fr.at("pegs")[static_cast<std::size_t>(p)];
      const double cx = x0 + 8 + peg_w * (p + 0.5);
      std::snprintf(buf, sizeof buf,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"2\" height=\"%.1f\" fill=\"#999\"/>\n",
                    cx - 1, y0 + 4, board_h - 4);
      o << buf;
      const std::string base_colour =
          peg.at("base").is_null() ? "#777" : peg.at("base").at("colour").get<std::string>();
      std::snprintf(buf, sizeof buf,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"4\" fill=\"%s\"/>\n",
                    cx - peg_w * 0.46, floor_y, peg_w * 0.92, base_colour.c_str());
      o << buf;
      double y = floor_y;
      for (const auto& d : peg.at("discs")) {
        const double w = 6 + (peg_w * 0.9 - 6) * d.at("size").get<double>() / max_size;
        y -= disc_h;
        const std::string colour = d.at("colour").get<std::string>();
        std::snprintf(buf, sizeof buf,
                      "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"2\" "
                      "fill=\"%s\" stroke=\"#333\" stroke-width=\"0.5\"/>\n",
                      cx - w / 2, y + 0.5, w, disc_h - 1, colour.c_str());
        o << buf;
        if (disc_h >= 9 && w >= 16) {
          std::snprintf(buf, sizeof buf,
                        "<text x=\"%.1f\" y=\"%.1f\" font-size=\"%.0f\" text-anchor=\"middle\" "
                        "fill=\"%s\">%s</text>\n",
                        cx, y + disc_h - 2.5, disc_h - 3, text_on(colour),
                        xml_escape(d.at("label").get<std::string>()).c_str());
          o << buf;
        }
      }
    }
    const std::string caption = fr.at("move").is_null()
                                    ? "start"
                                    : "move " +
                                          std::to_string(fr.at("move_index").get<std::uint64_t>()) +
                                          ": " + fr.at("move").get<std::string>();
    std::snprintf(buf, sizeof buf,
                  "<text x=\"%.1f\" y=\"%.1f\" font-size=\"11\" text-anchor=\"middle\">%s</text>\n",
                  x0 + panel_w / 2, floor_y + 20, xml_escape(caption).c_str());
    o << buf << "</g>\n";
  }
  o << "</svg>\n";
  return o.str();
}

}  // namespace hanoi::cli
