#include "net/providers/JsonStreamTokenizer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace gpuplanner::net;

namespace {

class Recorder : public JsonStreamHandler
{
public:
    bool onJsonEvent(JsonEvent event, std::string_view text) override
    {
        static const char *names[] = {"{", "}", "[", "]", "K:", "S:", "N:", "B:", "null"};
        events.push_back(std::string(names[int(event)]) + std::string(text));
        return stopAfter < 0 || int(events.size()) < stopAfter;
    }
    std::vector<std::string> events;
    int stopAfter = -1;
};

struct Outcome
{
    std::vector<std::string> events;
    bool ok = false;
    std::string error;
};

Outcome tokenize(const std::string &text, std::size_t chunk)
{
    Recorder recorder;
    JsonStreamTokenizer tokenizer(recorder);
    bool ok = true;
    for (std::size_t at = 0; at < text.size() && ok; at += chunk)
        ok = tokenizer.feed(text.data() + at, std::min(chunk, text.size() - at));
    if (ok)
        ok = tokenizer.finish();
    return {recorder.events, ok, tokenizer.error()};
}

const std::string kDocument = R"({"a": [1, -2.5e3, true, false, null], "b\"c": "x\\y\u00e9\ud83d\ude00",
  "empty": {}, "list": [], "nested": {"k": [{"z": "0"}]}, "num": 0})";

} // namespace

TEST(JsonStreamTokenizer, ReportsEveryTokenWithUnescapedText)
{
    const Outcome out = tokenize(kDocument, kDocument.size());
    ASSERT_TRUE(out.ok) << out.error;
    const std::vector<std::string> expected = {
        "{", "K:a", "[", "N:1", "N:-2.5e3", "B:true", "B:false", "nullnull", "]", "K:b\"c",
        "S:x\\y\xC3\xA9\xF0\x9F\x98\x80", "K:empty", "{", "}", "K:list", "[", "]", "K:nested", "{", "K:k", "[", "{",
        "K:z", "S:0", "}", "]", "}", "K:num", "N:0", "}"};
    EXPECT_EQ(out.events, expected);
}

TEST(JsonStreamTokenizer, ChunkBoundariesDoNotChangeTheEvents)
{
    const Outcome whole = tokenize(kDocument, kDocument.size());
    for (std::size_t chunk : {1, 2, 3, 7, 13}) {
        const Outcome split = tokenize(kDocument, chunk);
        ASSERT_TRUE(split.ok) << "chunk " << chunk << ": " << split.error;
        EXPECT_EQ(split.events, whole.events) << "chunk " << chunk;
    }
}

TEST(JsonStreamTokenizer, TopLevelScalarEndsAtFinish)
{
    const Outcome out = tokenize("42", 1);
    ASSERT_TRUE(out.ok) << out.error;
    EXPECT_EQ(out.events, std::vector<std::string>{"N:42"});
}

TEST(JsonStreamTokenizer, RejectsMalformedInputWithTheByteOffset)
{
    struct Case
    {
        std::string text;
        std::string error;
    };
    const std::vector<Case> cases = {
        {R"({"a": [1, 2)", "byte 11: unexpected end of input inside an array"},
        {R"({"a": "unterminated)", "unexpected end of input inside a string"},
        {R"({"a" 1})", "byte 5: expected ':' after key"},
        {R"([1,])", "byte 3: expected a value before ']'"},
        {R"({"a": 01})", "invalid number"},
        {R"({"a": tru})", "invalid literal"},
        {R"({"a": 1} x)", "unexpected character"},
        {R"({"a": 1} {})", "unexpected data after the document"},
        {R"({1: 2})", "expected a key string"},
        {R"({"a": "\q"})", "invalid escape in string"},
        {R"({"a": "\u12G4"})", "invalid \\u escape in string"},
        {R"({"a": 1]})", "unexpected ']'"},
        {"", "empty document"},
    };
    for (const Case &c : cases) {
        for (std::size_t chunk : {std::size_t(1), std::size_t(64)}) {
            const Outcome out = tokenize(c.text, chunk);
            EXPECT_FALSE(out.ok) << c.text;
            EXPECT_NE(out.error.find(c.error), std::string::npos) << c.text << " -> " << out.error;
        }
    }
}

TEST(JsonStreamTokenizer, RefusesExcessiveNesting)
{
    const Outcome out = tokenize(std::string(1000, '['), 7);
    EXPECT_FALSE(out.ok);
    EXPECT_NE(out.error.find("nesting too deep"), std::string::npos);
}

TEST(JsonStreamTokenizer, HandlerCanStopTheStream)
{
    Recorder recorder;
    recorder.stopAfter = 2;
    JsonStreamTokenizer tokenizer(recorder);
    EXPECT_FALSE(tokenizer.feed(kDocument.data(), kDocument.size()));
    EXPECT_TRUE(tokenizer.stoppedByHandler());
    EXPECT_EQ(recorder.events.size(), 2u);
    EXPECT_FALSE(tokenizer.feed("{}", 2));
}

TEST(JsonStreamTokenizer, RefusesAStringThatNeverEnds)
{
    // A hostile body: one string without its closing quote, in 1 MiB chunks. The buffer of the
    // split token is the only memory that grows, and it stops at kMaxTokenBytes.
    Recorder recorder;
    JsonStreamTokenizer tokenizer(recorder);
    ASSERT_TRUE(tokenizer.feed("{\"sku\": \"", 9));
    const std::string chunk(std::size_t(1) << 20, 'x');
    int chunks = 0;
    while (tokenizer.feed(chunk.data(), chunk.size()) && chunks < 64)
        ++chunks;
    EXPECT_TRUE(tokenizer.failed());
    EXPECT_EQ(chunks, 16) << "16 MiB taken, the 17th refused";
    EXPECT_NE(tokenizer.error().find("a string longer than 16 MiB"), std::string::npos) << tokenizer.error();
    EXPECT_EQ(recorder.events, (std::vector<std::string>{"{", "K:sku"}));
}
