// Tokenizes the input twice, whole and in chunks, and requires the same events and verdict:
// the streaming tokenizer must not depend on where the network splits the body.

#include "FuzzSupport.h"

#include "net/providers/JsonStreamTokenizer.h"

#include <string>
#include <utility>
#include <vector>

namespace {

using gpuplanner::net::JsonEvent;

class Recorder : public gpuplanner::net::JsonStreamHandler
{
public:
    bool onJsonEvent(JsonEvent event, std::string_view text) override
    {
        events.emplace_back(event, std::string(text));
        return true;
    }
    std::vector<std::pair<JsonEvent, std::string>> events;
};

bool tokenize(const char *data, std::size_t size, std::size_t chunk, Recorder &recorder)
{
    gpuplanner::net::JsonStreamTokenizer tokenizer(recorder);
    for (std::size_t at = 0; at < size; at += chunk) {
        if (!tokenizer.feed(data + at, std::min(chunk, size - at)))
            return false;
    }
    return tokenizer.finish();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const std::size_t chunk = gpuplanner::fuzz::takeChunkSize(data, size);
    const char *text = reinterpret_cast<const char *>(data);
    Recorder whole;
    Recorder split;
    const bool wholeOk = tokenize(text, size, size ? size : 1, whole);
    const bool splitOk = tokenize(text, size, chunk, split);
    if (wholeOk != splitOk)
        gpuplanner::fuzz::fail("chunked and whole input disagree on validity");
    // A failing document may stop at a different event depending on the chunk, but every
    // event reported before the fault must be the same.
    const std::size_t n = std::min(whole.events.size(), split.events.size());
    for (std::size_t i = 0; i < n; ++i) {
        if (whole.events[i] != split.events[i])
            gpuplanner::fuzz::fail("chunked and whole input give different events");
    }
    if (wholeOk && whole.events.size() != split.events.size())
        gpuplanner::fuzz::fail("chunked and whole input give a different number of events");
    return 0;
}
