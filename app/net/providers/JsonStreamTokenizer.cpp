#include "net/providers/JsonStreamTokenizer.h"

#include <cstring>

namespace gpuplanner::net {

namespace {

bool isNumberChar(char c)
{
    return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E';
}

bool isLiteralChar(char c)
{
    return c >= 'a' && c <= 'z';
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// RFC 8259 number grammar; the chunk loop only collects candidate characters.
bool isValidNumber(std::string_view s)
{
    std::size_t i = 0;
    const std::size_t n = s.size();
    if (i < n && s[i] == '-')
        ++i;
    if (i >= n)
        return false;
    if (s[i] == '0') {
        ++i;
    } else if (isDigit(s[i])) {
        while (i < n && isDigit(s[i]))
            ++i;
    } else {
        return false;
    }
    if (i < n && s[i] == '.') {
        ++i;
        const std::size_t start = i;
        while (i < n && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < n && (s[i] == '+' || s[i] == '-'))
            ++i;
        const std::size_t start = i;
        while (i < n && isDigit(s[i]))
            ++i;
        if (i == start)
            return false;
    }
    return i == n;
}

void appendUtf8(std::string &out, std::uint32_t cp)
{
    if (cp < 0x80) {
        out.push_back(char(cp));
    } else if (cp < 0x800) {
        out.push_back(char(0xC0 | (cp >> 6)));
        out.push_back(char(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.push_back(char(0xE0 | (cp >> 12)));
        out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(char(0x80 | (cp & 0x3F)));
    } else {
        out.push_back(char(0xF0 | (cp >> 18)));
        out.push_back(char(0x80 | ((cp >> 12) & 0x3F)));
        out.push_back(char(0x80 | ((cp >> 6) & 0x3F)));
        out.push_back(char(0x80 | (cp & 0x3F)));
    }
}

constexpr std::uint32_t kReplacementChar = 0xFFFD;

int hexValue(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

} // namespace

JsonStreamTokenizer::JsonStreamTokenizer(JsonStreamHandler &handler) : m_handler(handler)
{
    m_stack.reserve(32);
}

bool JsonStreamTokenizer::fail(std::uint64_t at, const char *what)
{
    if (m_error.empty())
        m_error = "byte " + std::to_string(at) + ": " + what;
    return false;
}

bool JsonStreamTokenizer::deliver(JsonEvent event, std::string_view text)
{
    if (m_handler.onJsonEvent(event, text))
        return true;
    m_stopped = true;
    if (m_error.empty())
        m_error = "stopped by handler";
    return false;
}

bool JsonStreamTokenizer::afterValue()
{
    m_expect = m_stack.empty() ? Expect::End : Expect::CommaOrClose;
    return true;
}

bool JsonStreamTokenizer::openContainer(char open)
{
    if (m_stack.size() >= kMaxDepth)
        return fail(m_offset, "nesting too deep");
    m_stack.push_back(open);
    m_expect = open == '{' ? Expect::KeyOrClose : Expect::ValueOrClose;
    return deliver(open == '{' ? JsonEvent::StartObject : JsonEvent::StartArray, {});
}

bool JsonStreamTokenizer::closeContainer(char close, std::uint64_t at)
{
    const char open = close == '}' ? '{' : '[';
    if (m_stack.empty() || m_stack.back() != open)
        return fail(at, close == '}' ? "unexpected '}'" : "unexpected ']'");
    const bool allowed = m_expect == Expect::CommaOrClose
                         || (open == '{' ? m_expect == Expect::KeyOrClose : m_expect == Expect::ValueOrClose);
    if (!allowed)
        return fail(at, open == '{' ? "expected a key before '}'" : "expected a value before ']'");
    m_stack.pop_back();
    if (!deliver(open == '{' ? JsonEvent::EndObject : JsonEvent::EndArray, {}))
        return false;
    return afterValue();
}

bool JsonStreamTokenizer::beginValueOrKey(std::uint64_t at, bool &isKey)
{
    switch (m_expect) {
    case Expect::Key:
    case Expect::KeyOrClose:
        isKey = true;
        return true;
    case Expect::Value:
    case Expect::ValueOrClose:
        isKey = false;
        return true;
    case Expect::Colon:
        return fail(at, "expected ':' after key");
    case Expect::CommaOrClose:
        return fail(at, "expected ',' or a closing bracket");
    case Expect::End:
        return fail(at, "unexpected data after the document");
    }
    return false;
}

bool JsonStreamTokenizer::finishString(std::string_view text)
{
    if (m_partialIsKey) {
        m_expect = Expect::Colon;
        return deliver(JsonEvent::Key, text);
    }
    if (!deliver(JsonEvent::String, text))
        return false;
    return afterValue();
}

bool JsonStreamTokenizer::finishScalar(std::uint64_t at)
{
    const Partial kind = m_partial;
    m_partial = Partial::None;
    if (kind == Partial::Number) {
        if (!isValidNumber(m_buffer))
            return fail(at, "invalid number");
        if (!deliver(JsonEvent::Number, m_buffer))
            return false;
    } else if (m_buffer == "true" || m_buffer == "false") {
        if (!deliver(JsonEvent::Bool, m_buffer))
            return false;
    } else if (m_buffer == "null") {
        if (!deliver(JsonEvent::Null, m_buffer))
            return false;
    } else {
        return fail(at, "invalid literal");
    }
    return afterValue();
}

bool JsonStreamTokenizer::appendEscape(char c, std::uint64_t at)
{
    char out = 0;
    switch (c) {
    case '"': out = '"'; break;
    case '\\': out = '\\'; break;
    case '/': out = '/'; break;
    case 'b': out = '\b'; break;
    case 'f': out = '\f'; break;
    case 'n': out = '\n'; break;
    case 'r': out = '\r'; break;
    case 't': out = '\t'; break;
    case 'u':
        m_unicodeDigits = 0;
        m_unicodeValue = 0;
        return true;
    default:
        return fail(at, "invalid escape in string");
    }
    if (m_highSurrogate) {
        appendUtf8(m_buffer, kReplacementChar);
        m_highSurrogate = 0;
    }
    m_buffer.push_back(out);
    return true;
}

bool JsonStreamTokenizer::flushUnicodeEscape(std::uint64_t)
{
    const std::uint32_t v = m_unicodeValue;
    m_unicodeDigits = -1;
    if (m_highSurrogate) {
        const std::uint32_t high = m_highSurrogate;
        m_highSurrogate = 0;
        if (v >= 0xDC00 && v <= 0xDFFF) {
            appendUtf8(m_buffer, 0x10000 + ((high - 0xD800) << 10) + (v - 0xDC00));
            return true;
        }
        appendUtf8(m_buffer, kReplacementChar);
    }
    if (v >= 0xD800 && v <= 0xDBFF) {
        m_highSurrogate = v;
        return true;
    }
    appendUtf8(m_buffer, (v >= 0xDC00 && v <= 0xDFFF) ? kReplacementChar : v);
    return true;
}

std::size_t JsonStreamTokenizer::continueString(const char *data, std::size_t size, std::size_t i)
{
    while (i < size) {
        if (m_unicodeDigits >= 0) {
            const int h = hexValue(data[i]);
            if (h < 0) {
                fail(m_offset + i, "invalid \\u escape in string");
                return size;
            }
            m_unicodeValue = (m_unicodeValue << 4) | std::uint32_t(h);
            ++i;
            if (++m_unicodeDigits == 4)
                flushUnicodeEscape(m_offset + i);
            continue;
        }
        if (m_inEscape) {
            m_inEscape = false;
            if (!appendEscape(data[i], m_offset + i))
                return size;
            ++i;
            continue;
        }
        // Bulk copy up to the next quote or backslash.
        const char *begin = data + i;
        const std::size_t left = size - i;
        const char *quote = static_cast<const char *>(std::memchr(begin, '"', left));
        const std::size_t span = quote ? std::size_t(quote - begin) : left;
        const char *slash = static_cast<const char *>(std::memchr(begin, '\\', span));
        const std::size_t plain = slash ? std::size_t(slash - begin) : span;
        if (plain > 0 && m_highSurrogate) {
            appendUtf8(m_buffer, kReplacementChar);
            m_highSurrogate = 0;
        }
        m_buffer.append(begin, plain);
        i += plain;
        if (m_buffer.size() > kMaxTokenBytes) {
            fail(m_offset + i, "a string longer than 16 MiB");
            return size;
        }
        if (i == size)
            break;
        if (data[i] == '\\') {
            m_inEscape = true;
            ++i;
            continue;
        }
        // Closing quote.
        ++i;
        if (m_highSurrogate) {
            appendUtf8(m_buffer, kReplacementChar);
            m_highSurrogate = 0;
        }
        m_partial = Partial::None;
        if (!finishString(m_buffer))
            return size;
        return i;
    }
    return i;
}

bool JsonStreamTokenizer::feed(const char *data, std::size_t size)
{
    if (!m_error.empty())
        return false;
    std::size_t i = 0;
    while (i < size) {
        if (m_partial == Partial::String) {
            i = continueString(data, size, i);
            if (!m_error.empty())
                return false;
            continue;
        }
        if (m_partial != Partial::None) {
            const bool number = m_partial == Partial::Number;
            std::size_t j = i;
            while (j < size && (number ? isNumberChar(data[j]) : isLiteralChar(data[j])))
                ++j;
            m_buffer.append(data + i, j - i);
            i = j;
            if (m_buffer.size() > kMaxTokenBytes)
                return fail(m_offset + i, "a number or literal longer than 16 MiB");
            if (i == size)
                break; // the scalar may continue in the next chunk
            if (!finishScalar(m_offset + i))
                return false;
            continue;
        }

        const char c = data[i];
        const std::uint64_t at = m_offset + i;
        switch (c) {
        case ' ':
        case '\t':
        case '\n':
        case '\r':
            ++i;
            continue;
        case '{':
        case '[':
            if (m_expect != Expect::Value && m_expect != Expect::ValueOrClose) {
                bool isKey = false;
                if (beginValueOrKey(at, isKey))
                    fail(at, "expected a key string");
                return false;
            }
            if (!openContainer(c))
                return false;
            ++i;
            continue;
        case '}':
        case ']':
            if (!closeContainer(c, at))
                return false;
            ++i;
            continue;
        case ':':
            if (m_expect != Expect::Colon)
                return fail(at, "unexpected ':'");
            m_expect = Expect::Value;
            ++i;
            continue;
        case ',':
            if (m_expect != Expect::CommaOrClose)
                return fail(at, "unexpected ','");
            m_expect = m_stack.back() == '{' ? Expect::Key : Expect::Value;
            ++i;
            continue;
        case '"': {
            bool isKey = false;
            if (!beginValueOrKey(at, isKey))
                return false;
            m_partialIsKey = isKey;
            const char *begin = data + i + 1;
            const std::size_t left = size - i - 1;
            const char *quote = static_cast<const char *>(std::memchr(begin, '"', left));
            if (quote && !std::memchr(begin, '\\', std::size_t(quote - begin))) {
                // Common case: the whole string is in this chunk and needs no unescaping.
                if (!finishString(std::string_view(begin, std::size_t(quote - begin))))
                    return false;
                i = std::size_t(quote - data) + 1;
                continue;
            }
            m_partial = Partial::String;
            m_buffer.clear();
            ++i;
            continue;
        }
        default:
            if (c == '-' || isDigit(c) || c == 't' || c == 'f' || c == 'n') {
                if (m_expect == Expect::Key || m_expect == Expect::KeyOrClose)
                    return fail(at, "expected a key string");
                if (m_expect != Expect::Value && m_expect != Expect::ValueOrClose) {
                    bool isKey = false;
                    beginValueOrKey(at, isKey);
                    return false;
                }
                m_partial = (c == '-' || isDigit(c)) ? Partial::Number : Partial::Literal;
                m_buffer.clear();
                continue;
            }
            return fail(at, "unexpected character");
        }
    }
    m_offset += size;
    return true;
}

bool JsonStreamTokenizer::finish()
{
    if (!m_error.empty())
        return false;
    if (m_partial == Partial::Number || m_partial == Partial::Literal) {
        if (!finishScalar(m_offset))
            return false;
    }
    if (m_partial == Partial::String)
        return fail(m_offset, "unexpected end of input inside a string");
    if (m_expect != Expect::End) {
        if (m_stack.empty())
            return fail(m_offset, "empty document");
        return fail(m_offset, m_stack.back() == '{' ? "unexpected end of input inside an object"
                                                    : "unexpected end of input inside an array");
    }
    return true;
}

} // namespace gpuplanner::net
