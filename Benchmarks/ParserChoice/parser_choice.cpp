// How fast can each candidate parser read a Rowboat page? Parses FILE
// (a JSON body) REPS times with each and prints the median per parse and
// the throughput, after touching every item's "title" so no parser gets
// away with skipping the values (On-Demand is lazy). Not part of the
// package build: Benchmarks/ParserChoice/run.sh compiles and runs it.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include <rapidjson/document.h>
#include <simdjson.h>

using Clock = std::chrono::steady_clock;

static double median_seconds(int reps, const std::function<size_t()> &op) {
    std::vector<double> samples;
    size_t sink = op();  // warm-up
    for (int i = 0; i < reps; i++) {
        auto start = Clock::now();
        sink += op();
        samples.push_back(std::chrono::duration<double>(Clock::now() - start).count());
    }
    if (sink == 42) std::puts("");
    std::sort(samples.begin(), samples.end());
    return samples[samples.size() / 2];
}

// The list: a bare array, or the demo's envelope {"datas": {"list": [...]}}.
template <typename F> static size_t titles_dom(simdjson::dom::element root, F &&each) {
    simdjson::dom::array list;
    if (root.get_array().get(list) != simdjson::SUCCESS) {
        if (root["datas"]["list"].get_array().get(list) != simdjson::SUCCESS) return 0;
    }
    size_t n = 0;
    for (auto item : list) { n += each(item); }
    return n;
}

int main(int argc, char **argv) {
    if (argc < 2) { std::fprintf(stderr, "usage: parser_choice FILE [REPS]\n"); return 2; }
    int reps = argc > 2 ? std::atoi(argv[2]) : 31;
    std::ifstream in(argv[1], std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();
    simdjson::padded_string padded(text);

    simdjson::dom::parser dom;
    double t_dom = median_seconds(reps, [&] {
        simdjson::dom::element root;
        if (dom.parse(padded).get(root)) return size_t(0);
        return titles_dom(root, [](simdjson::dom::element item) {
            std::string_view title;
            return item["title"].get(title) == simdjson::SUCCESS ? title.size() : size_t(0);
        });
    });

    simdjson::ondemand::parser ondemand;
    double t_ondemand = median_seconds(reps, [&] {
        auto doc = ondemand.iterate(padded);
        size_t n = 0;
        simdjson::ondemand::array list;
        simdjson::ondemand::value root;
        if (doc.get_value().get(root)) return n;
        if (root.type() == simdjson::ondemand::json_type::array) {
            if (root.get_array().get(list)) return n;
        } else if (root["datas"]["list"].get_array().get(list)) {
            return n;
        }
        for (auto item : list) {
            std::string_view title;
            if (item["title"].get_string().get(title) == simdjson::SUCCESS) n += title.size();
        }
        return n;
    });

    double t_rapid = median_seconds(reps, [&] {
        rapidjson::Document d;
        d.Parse(text.data(), text.size());
        if (d.HasParseError()) return size_t(0);
        const rapidjson::Value *list = &d;
        if (!d.IsArray()) {
            if (!d.HasMember("datas") || !d["datas"].HasMember("list")) return size_t(0);
            list = &d["datas"]["list"];
        }
        size_t n = 0;
        for (auto &item : list->GetArray()) {
            auto found = item.FindMember("title");
            if (found != item.MemberEnd() && found->value.IsString()) n += found->value.GetStringLength();
        }
        return n;
    });

    auto row = [&](const char *name, double seconds) {
        std::printf("| %s | %.1f µs | %.0f MB/s |\n", name, seconds * 1e6, text.size() / seconds / 1e6);
    };
    std::printf("%zu bytes, median of %d\n| parser | per parse + titles | throughput |\n|---|---|---|\n", text.size(), reps);
    row("simdjson 3.0.1 DOM", t_dom);
    row("simdjson 3.0.1 On-Demand", t_ondemand);
    row("RapidJSON 1.1.0 DOM", t_rapid);
    return 0;
}
