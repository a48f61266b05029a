// A recursive-descent reader rather than quote replacement: a name such as 'O'Brien credit' is
// written "O'Brien credit" by repr(), and escapes (\', \xe9, \u00e9) must become the characters
// they stand for, so the text is read token by token as Python's own tokenizer would.

#include "core/actuals/PythonLiteral.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>

namespace gpuplanner::core::actuals::detail {

namespace {

// Deep enough for any export record; shallow enough that hostile input cannot exhaust the stack.
constexpr int kMaxDepth = 32;

bool isAsciiDigit(QChar c)
{
    return c >= u'0' && c <= u'9';
}

int hexDigit(QChar c)
{
    if (isAsciiDigit(c))
        return c.unicode() - u'0';
    if (c >= u'a' && c <= u'f')
        return c.unicode() - u'a' + 10;
    if (c >= u'A' && c <= u'F')
        return c.unicode() - u'A' + 10;
    return -1;
}

class Reader
{
public:
    explicit Reader(QStringView text) : m_text(text) {}

    Result<QJsonValue> document()
    {
        auto v = value(0);
        if (!v)
            return v;
        skipSpace();
        if (!atEnd())
            return fail(QStringLiteral("unexpected \"%1\" after the literal").arg(m_text.at(m_pos)));
        return v;
    }

private:
    QStringView m_text;
    qsizetype m_pos = 0;

    bool atEnd() const { return m_pos >= m_text.size(); }
    QChar peek() const { return atEnd() ? QChar() : m_text.at(m_pos); }

    Error fail(const QString &why) const { return Error{QStringLiteral("%1 at character %2").arg(why).arg(m_pos + 1)}; }

    void skipSpace()
    {
        while (!atEnd() && m_text.at(m_pos).isSpace())
            ++m_pos;
    }

    Result<QJsonValue> value(int depth)
    {
        skipSpace();
        if (atEnd())
            return fail(QStringLiteral("expected a value, found the end"));
        const QChar c = peek();
        if (c == u'[' || c == u'{') {
            if (depth >= kMaxDepth)
                return fail(QStringLiteral("nested deeper than %1 levels").arg(kMaxDepth));
            return c == u'[' ? list(depth + 1) : dict(depth + 1);
        }
        if (c == u'\'' || c == u'"') {
            auto s = string();
            if (!s)
                return s.error();
            return QJsonValue(*s);
        }
        if (c == u'-' || c == u'+' || c == u'.' || isAsciiDigit(c))
            return number();
        if (c.isLetter() || c == u'_')
            return word();
        return fail(QStringLiteral("unexpected \"%1\"").arg(c));
    }

    // Python allows a comma after the last item: [1, 2,].
    Result<QJsonValue> list(int depth)
    {
        ++m_pos; // [
        QJsonArray items;
        for (;;) {
            skipSpace();
            if (peek() == u']') {
                ++m_pos;
                return QJsonValue(items);
            }
            auto item = value(depth);
            if (!item)
                return item;
            items.append(*item);
            skipSpace();
            if (peek() == u',')
                ++m_pos;
            else if (peek() != u']')
                return fail(atEnd() ? QStringLiteral("the list does not end") : QStringLiteral("expected \",\" or \"]\""));
        }
    }

    Result<QJsonValue> dict(int depth)
    {
        ++m_pos; // {
        QJsonObject object;
        for (;;) {
            skipSpace();
            if (peek() == u'}') {
                ++m_pos;
                return QJsonValue(object);
            }
            if (peek() != u'\'' && peek() != u'"')
                return fail(atEnd() ? QStringLiteral("the dict does not end") : QStringLiteral("expected a quoted key"));
            auto key = string();
            if (!key)
                return key.error();
            skipSpace();
            if (peek() != u':')
                return fail(QStringLiteral("expected \":\" after the key"));
            ++m_pos;
            auto item = value(depth);
            if (!item)
                return item;
            object.insert(*key, *item); // a repeated key keeps its last value, as in Python
            skipSpace();
            if (peek() == u',')
                ++m_pos;
            else if (peek() != u'}')
                return fail(atEnd() ? QStringLiteral("the dict does not end") : QStringLiteral("expected \",\" or \"}\""));
        }
    }

    // n hex digits after \x, \u or \U; -1 when they are not there.
    qint64 hexEscape(int n)
    {
        qint64 code = 0;
        for (int i = 0; i < n; ++i) {
            const int d = hexDigit(peek());
            if (d < 0)
                return -1;
            code = code * 16 + d;
            ++m_pos;
        }
        return code;
    }

    Result<QString> string()
    {
        const QChar quote = m_text.at(m_pos++);
        QString out;
        for (;;) {
            if (atEnd())
                return fail(QStringLiteral("the string does not end"));
            if (m_text.at(m_pos) == u'\n' || m_text.at(m_pos) == u'\r')
                return fail(QStringLiteral("line break inside a string"));
            const QChar c = m_text.at(m_pos++);
            if (c == quote)
                return out;
            if (c != u'\\') {
                out += c;
                continue;
            }
            if (atEnd())
                return fail(QStringLiteral("the string does not end"));
            const QChar e = m_text.at(m_pos++);
            switch (e.unicode()) {
            case u'\n': break; // a continued line
            case u'\\': case u'\'': case u'"': out += e; break;
            case u'n': out += u'\n'; break;
            case u'r': out += u'\r'; break;
            case u't': out += u'\t'; break;
            case u'b': out += u'\b'; break;
            case u'f': out += u'\f'; break;
            case u'v': out += u'\v'; break;
            case u'a': out += u'\a'; break;
            case u'x': case u'u': case u'U': {
                const int digits = e == u'x' ? 2 : e == u'u' ? 4 : 8;
                const qint64 code = hexEscape(digits);
                if (code < 0 || code > 0x10FFFF)
                    return fail(QStringLiteral("\\%1 needs %2 hex digits of a code point").arg(e).arg(digits));
                const char32_t point = char32_t(code);
                out += QString::fromUcs4(&point, 1); // a surrogate pair above U+FFFF
                break;
            }
            default:
                if (e >= u'0' && e <= u'7') { // up to three octal digits
                    int code = e.unicode() - u'0';
                    for (int i = 0; i < 2 && peek() >= u'0' && peek() <= u'7'; ++i)
                        code = code * 8 + (m_text.at(m_pos++).unicode() - u'0');
                    out += QChar(char16_t(code));
                } else if (e == u'N') {
                    return fail(QStringLiteral("\\N{...} names are not read"));
                } else { // Python keeps an unknown escape as written
                    out += u'\\';
                    out += e;
                }
            }
        }
    }

    // [+-]digits[.digits][(e|E)[+-]digits], or .digits; read as a double, the value a JSON
    // export would carry (repr() writes a float's shortest round-trip text, which the amount
    // reader recovers exactly).
    Result<QJsonValue> number()
    {
        const qsizetype start = m_pos;
        QString text;
        if (peek() == u'-' || peek() == u'+') {
            if (peek() == u'-')
                text += u'-';
            ++m_pos;
            skipSpace(); // "- 5" is the same literal
        }
        qsizetype digits = 0;
        auto copyDigits = [&] {
            while (isAsciiDigit(peek())) {
                text += m_text.at(m_pos++);
                ++digits;
            }
        };
        copyDigits();
        if (peek() == u'.') {
            text += u'.';
            ++m_pos;
            copyDigits();
        }
        if (digits == 0) {
            m_pos = start;
            return fail(QStringLiteral("expected a number"));
        }
        if (peek() == u'e' || peek() == u'E') {
            text += u'e';
            ++m_pos;
            if (peek() == u'-' || peek() == u'+')
                text += m_text.at(m_pos++);
            if (!isAsciiDigit(peek()))
                return fail(QStringLiteral("expected the exponent's digits"));
            copyDigits();
        }
        bool ok = false;
        const double v = text.toDouble(&ok);
        if (!ok || !std::isfinite(v)) {
            m_pos = start;
            return fail(QStringLiteral("number \"%1\" out of range").arg(text));
        }
        return QJsonValue(v);
    }

    Result<QJsonValue> word()
    {
        const qsizetype start = m_pos;
        while (!atEnd() && (peek().isLetterOrNumber() || peek() == u'_'))
            ++m_pos;
        const QStringView w = m_text.mid(start, m_pos - start);
        if (w == u"None")
            return QJsonValue(QJsonValue::Null);
        if (w == u"True")
            return QJsonValue(true);
        if (w == u"False")
            return QJsonValue(false);
        m_pos = start;
        return fail(QStringLiteral("\"%1\" is not a literal (None, True or False)").arg(w));
    }
};

} // namespace

Result<QJsonValue> readPythonLiteral(QStringView text)
{
    return Reader(text).document();
}

} // namespace gpuplanner::core::actuals::detail
