#pragma once
// JsonStreamTokenizer: an incremental (push) JSON tokenizer for documents too large to hold
// in memory, such as AWS Price List region files (hundreds of MB). Bytes arrive in chunks of
// any size; tokens are reported as events while only the token currently split across two
// chunks is buffered, so memory stays constant whatever the document size.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplanner::net {

enum class JsonEvent : std::uint8_t {
    StartObject,
    EndObject,
    StartArray,
    EndArray,
    Key,    // text = the unescaped key (UTF-8)
    String, // text = the unescaped value (UTF-8)
    Number, // text = the number as written
    Bool,   // text = "true" or "false"
    Null,
};

class JsonStreamHandler
{
public:
    virtual ~JsonStreamHandler() = default;
    // text is valid only during the call. Return false to stop tokenizing (the handler
    // then owns the reason; the tokenizer reports "stopped by handler").
    virtual bool onJsonEvent(JsonEvent event, std::string_view text) = 0;
};

class JsonStreamTokenizer
{
public:
    explicit JsonStreamTokenizer(JsonStreamHandler &handler);

    // Tokenizes the next chunk. Returns false on a syntax error or when the handler stopped;
    // further calls then do nothing and return false.
    bool feed(const char *data, std::size_t size);
    // Declares the end of input: fails when the document is incomplete (truncated body).
    bool finish();

    bool failed() const { return !m_error.empty(); }
    bool stoppedByHandler() const { return m_stopped; }
    // Message with the byte offset of the fault, e.g. "byte 1042: expected ':' after key".
    const std::string &error() const { return m_error; }
    std::uint64_t bytesConsumed() const { return m_offset; }

    // Nesting deeper than this is refused rather than risking unbounded memory on hostile input.
    static constexpr std::size_t kMaxDepth = 256;
    // A single token longer than this is refused: the buffer of a split token is what grows
    // with a hostile body (one endless string), and no price list has a token near it.
    static constexpr std::size_t kMaxTokenBytes = std::size_t(16) * 1024 * 1024;

private:
    enum class Expect : std::uint8_t {
        Value,        // a value (document start, after ':' and after ',' in an array)
        ValueOrClose, // after '['
        KeyOrClose,   // after '{'
        Key,          // after ',' in an object
        Colon,
        CommaOrClose,
        End, // after the top-level value
    };
    enum class Partial : std::uint8_t { None, String, Number, Literal };

    bool fail(std::uint64_t at, const char *what);
    bool deliver(JsonEvent event, std::string_view text);
    bool afterValue();
    bool openContainer(char open);
    bool closeContainer(char close, std::uint64_t at);
    bool beginValueOrKey(std::uint64_t at, bool &isKey);
    bool finishString(std::string_view text);
    bool finishScalar(std::uint64_t at);
    // Continues a string in m_buffer from data[i]; returns the index after the consumed bytes.
    std::size_t continueString(const char *data, std::size_t size, std::size_t i);
    bool appendEscape(char c, std::uint64_t at);
    bool flushUnicodeEscape(std::uint64_t at);

    JsonStreamHandler &m_handler;
    std::vector<char> m_stack; // '{' or '['
    Expect m_expect = Expect::Value;
    Partial m_partial = Partial::None;
    bool m_partialIsKey = false;
    bool m_inEscape = false;
    int m_unicodeDigits = -1; // >= 0 while reading \uXXXX
    std::uint32_t m_unicodeValue = 0;
    std::uint32_t m_highSurrogate = 0;
    std::string m_buffer;
    std::string m_error;
    bool m_stopped = false;
    std::uint64_t m_offset = 0; // bytes consumed before the current chunk
};

} // namespace gpuplanner::net
